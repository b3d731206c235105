import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMNS, jan, NOW, TRANSITIONS } from '../fixtures/worked-example.fixture.ts';
import type { LeadTimeDay } from '../types.ts';
import { buildLeadTimeReport } from './lead-time.ts';

const base = {
  columns: COLUMNS,
  cycleStartColumn: 'In Progress',
  transitions: TRANSITIONS,
  now: NOW,
  days: 3,
};
const series = (report: ReturnType<typeof buildLeadTimeReport>) =>
  Object.fromEntries(Object.entries(report).filter(([key]) => key !== 'metrics')) as Record<
    string,
    LeadTimeDay
  >;

describe('lead time on a working calendar', () => {
  it('with no weekend and no holiday, in UTC, equals the report without a calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: jan(1), max: jan(30) }), fc.integer({ min: 1, max: 10 }), (now, days) => {
        const calendar = { timeZone: 'UTC', weekends: [], holidays: [] };
        expect(buildLeadTimeReport({ ...base, now, days, calendar })).toEqual(
          buildLeadTimeReport({ ...base, now, days }),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('counts working time: no daily average grows when weekends and holidays are left out', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 4 }),
        fc.subarray(['2024-01-02', '2024-01-03', '2024-01-08']),
        (weekends, holidays) => {
          const plain = series(buildLeadTimeReport(base));
          const working = series(buildLeadTimeReport({ ...base, calendar: { weekends, holidays } }));
          expect(Object.keys(working)).toEqual(Object.keys(plain));
          for (const [date, day] of Object.entries(working)) {
            expect(day.average_lead_time).toBeLessThanOrEqual(plain[date]?.average_lead_time as number);
            expect(day.average_cycle_time ?? 0).toBeLessThanOrEqual(plain[date]?.average_cycle_time ?? 0);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('puts each completion on its local date: midnight UTC is the day before in Los Angeles', () => {
    const plain = Object.keys(series(buildLeadTimeReport(base)));
    const la = Object.keys(
      series(buildLeadTimeReport({ ...base, calendar: { timeZone: 'America/Los_Angeles' } })),
    );
    expect(plain[0]).toBe('2024-01-05');
    expect(la[0]).toBe('2024-01-04');
  });
});
