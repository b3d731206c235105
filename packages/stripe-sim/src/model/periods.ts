import type { Price } from './types.ts';

const DAY = 86_400;

/** The end of a billing period that starts at `start` (Unix seconds), calendar months as Stripe counts them. */
export function periodEnd(
  start: number,
  recurring: Pick<Price['recurring'], 'interval' | 'interval_count'>,
): number {
  const count = recurring.interval_count;
  if (recurring.interval === 'day') return start + count * DAY;
  if (recurring.interval === 'week') return start + count * 7 * DAY;
  const date = new Date(start * 1000);
  const day = date.getUTCDate();
  const months = recurring.interval === 'year' ? 12 * count : count;
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}
