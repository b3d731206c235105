import { describe, expect, it } from 'vitest';
import { periodEnd } from './periods.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('periodEnd', () => {
  it.each([
    ['2026-11-01T09:00:00Z', 'month', '2026-12-01T09:00:00.000Z'],
    ['2026-01-31T00:00:00Z', 'month', '2026-02-28T00:00:00.000Z'],
    ['2028-01-31T00:00:00Z', 'month', '2028-02-29T00:00:00.000Z'],
    ['2026-12-15T12:00:00Z', 'month', '2027-01-15T12:00:00.000Z'],
    ['2026-11-01T09:00:00Z', 'year', '2027-11-01T09:00:00.000Z'],
    ['2026-11-01T09:00:00Z', 'week', '2026-11-08T09:00:00.000Z'],
    ['2026-11-01T09:00:00Z', 'day', '2026-11-02T09:00:00.000Z'],
  ] as const)('%s + 1 %s = %s', (start, interval, end) => {
    expect(iso(periodEnd(at(start), { interval, interval_count: 1 }))).toBe(end);
  });
});
