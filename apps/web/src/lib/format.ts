// The zone reader alone: the contract's index would bring zod and every schema along.
import { wallClockMs } from '@fluxion/contract/time-zone';
import { T } from '../texts.ts';

/**
 * One decimal, rounded exactly as the engine writes figures into insights (`toFixed`), so a tile and
 * its insight never disagree: 57.15 (as the API sends it) is 57.1 in both, not 57.2 here.
 */
const round1 = (value: number) => {
  const rounded = Number(value.toFixed(1));
  return rounded === 0 ? 0 : rounded;
};

export function formatTrend(trend: number | null | undefined): string {
  if (trend === null || trend === undefined || Number.isNaN(trend)) return T.common.notAvailable;
  const rounded = round1(trend);
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

export const formatDays = (days: number) => String(round1(days));
/** Stage intensity as the API and the insights write it (2 decimals): "2.75x" on the tile and in the banner. */
export const formatIntensity = (value: number) => `${Number(value.toFixed(2))}x`;
export const formatPercent = (value: number) => `${round1(value)}%`;
/** Insight confidence 0..1 shown as a percent. */
export const formatConfidence = (confidence: number) => `${Math.round(confidence * 100)}%`;

/**
 * The sample n behind a confidence c = n / (n + 10) (docs/metrics.md §6), read back: n = 10c / (1 − c);
 * null at the 95% cap, where n is only known to be 190 or more.
 */
export function confidenceSample(confidence: number): number | null {
  if (!(confidence > 0) || confidence >= 0.95) return null;
  return Math.round((10 * confidence) / (1 - confidence));
}

const dateFormat = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A date or timestamp as 'Mar 5, 2025'; 'Unknown' when missing or unreadable. A timestamp is dated in
 * `timeZone` (a board's: its local day, as the analyses count days); a date ('2025-03-05') is that day.
 */
export function formatDate(value: string | null | undefined, timeZone = 'UTC'): string {
  if (!value) return T.issues.unknown;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? T.issues.unknown : dateFormat.format(new Date(wallClockMs(ms, timeZone)));
}
