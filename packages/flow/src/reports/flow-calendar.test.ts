import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMNS, item, jan, NOW, TRANSITIONS } from '../fixtures/worked-example.fixture.ts';
import { weekday } from '../core/calendar.ts';
import { buildFlowReport } from './flow-report.ts';
import type { FlowReportInput } from './flow-types.ts';

// The worked example (docs/metrics.md): 2024-01-01 is a Monday, so 6 and 7 January are a weekend.
const withId = (number: number, column: string, at: number) => ({
  ...item(number, column, at),
  id: String(number),
});
const base: FlowReportInput = {
  columns: COLUMNS,
  cycleStartColumn: 'In Progress',
  transitions: TRANSITIONS,
  items: [withId(1, 'Done', jan(8)), withId(2, 'Done', jan(9)), withId(3, 'Done', jan(6))],
  now: NOW,
  days: 7,
  horizon: 14,
  targetItems: 3,
  trials: 500,
};
const cycleOf = (report: ReturnType<typeof buildFlowReport>, id: string) =>
  report.cycle_time.points.find((p) => p.id === id)?.cycle_time_days;

describe('Flow report with a working calendar', () => {
  it('with no weekend and no holiday, in UTC, equals the report without a calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: jan(1), max: jan(40) }), (now) => {
        const plain = buildFlowReport({ ...base, now });
        const calendar = { timeZone: 'UTC', weekends: [], holidays: [] };
        expect(buildFlowReport({ ...base, now, calendar })).toEqual(plain);
      }),
      { numRuns: 30 },
    );
  });

  it('counts cycle times in working time: item 1 (Tuesday 2 → Monday 8 January) took 4 working days, not 6', () => {
    expect(cycleOf(buildFlowReport(base), '1')).toBe(6);
    const weekdays = buildFlowReport({ ...base, calendar: { weekends: [6, 0] } });
    expect(cycleOf(weekdays, '1')).toBe(4);
    expect(weekdays.throughput.daily).toEqual(buildFlowReport(base).throughput.daily);
  });

  it('puts today and the date axis in the time zone: 10 January 12:00 UTC is the 11th in Auckland', () => {
    const auckland = buildFlowReport({ ...base, calendar: { timeZone: 'Pacific/Auckland' } });
    expect(auckland.window).toEqual({ days: 7, start: '2024-01-05', end: '2024-01-11' });
    expect(auckland.cfd.map((r) => r.date)).toEqual(auckland.throughput.daily.map((r) => r.date));
  });

  it('puts each completion on its local date: midnight UTC is 16:00 the day before in Los Angeles', () => {
    const dates = (timeZone: string) =>
      buildFlowReport({ ...base, calendar: { timeZone } }).cycle_time.points.map((p) => [p.id, p.date]);
    expect(dates('UTC')).toEqual([
      ['5', '2024-01-05'],
      ['3', '2024-01-06'],
      ['1', '2024-01-08'],
      ['2', '2024-01-09'],
    ]);
    expect(dates('America/Los_Angeles')).toEqual([
      ['5', '2024-01-04'],
      ['3', '2024-01-05'],
      ['1', '2024-01-07'],
      ['2', '2024-01-08'],
    ]);
  });

  it('forecasts working days only: every "when" date is a working day, never a holiday', () => {
    const calendar = { weekends: [6, 0], holidays: ['2024-01-12'] };
    const report = buildFlowReport({ ...base, calendar });
    const dates = report.forecast?.when.results.flatMap((r) => (r.date ? [r.date] : [])) ?? [];
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) {
      expect([0, 6]).not.toContain(weekday(Date.parse(date) / 86_400_000));
      expect(date).not.toBe('2024-01-12');
    }
    // The sample holds working days only: Wednesday 3 to Tuesday 9 January minus the weekend.
    expect(report.forecast?.sample_days).toBe(5);
    expect(buildFlowReport(base).forecast?.sample_days).toBe(7);
  });
});
