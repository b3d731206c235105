import { describe, expect, it } from 'vitest';
import { withWipBreaches } from './wip-insight.ts';

const calm = { severity: 'excellent' as const, message: 'All is well.', confidence: 0.5 };
const limit = (over: boolean, dates: string[], count = 3) => ({
  column: 'Review',
  limit: 4,
  count,
  over,
  dates_over: dates,
  peak: 7,
});

describe('WIP limit breaches in the Flow insight (docs/metrics.md, "WIP limits")', () => {
  it('names a column over its limit now, and warns where all was well', () => {
    expect(withWipBreaches(calm, [limit(true, ['2026-11-27'], 5)], 30)).toEqual({
      severity: 'warning',
      message: "All is well. WIP limit: 'Review' holds 5 items, limit 4.",
      confidence: 0.5,
    });
  });

  it('names a breach earlier in the window without changing the severity', () => {
    expect(withWipBreaches(calm, [limit(false, ['2026-11-21'])], 30)).toEqual({
      ...calm,
      message:
        "All is well. WIP limit: 'Review' was over its limit of 4 on 1 of the last 30 days (at most 7).",
    });
  });

  it('leaves the insight alone without a breach, and never softens a critical one', () => {
    expect(withWipBreaches(calm, [limit(false, [])], 30)).toBe(calm);
    const critical = { ...calm, severity: 'critical' as const };
    expect(withWipBreaches(critical, [limit(true, ['x'], 9)], 30).severity).toBe('critical');
  });
});
