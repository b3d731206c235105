import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMNS, item, jan, NOW, TRANSITIONS } from '../fixtures/worked-example.fixture.ts';
import type { TimeInStateDay } from '../types.ts';
import { buildTimeInStateReport } from './time-in-state.ts';

const items = [item(6, 'In Progress', jan(9)), item(7, 'Review', jan(9)), item(1, 'Done', jan(8))];
const base = { columns: COLUMNS, transitions: TRANSITIONS, now: NOW, items, days: 7 };
type Report = ReturnType<typeof buildTimeInStateReport>;
const series = (report: Report) =>
  Object.fromEntries(
    Object.entries(report).filter(([key]) => key !== 'metrics' && key !== 'column_classification'),
  ) as Record<string, TimeInStateDay>;

describe('time in state on a working calendar', () => {
  it('with no weekend and no holiday, in UTC, equals the report without a calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: jan(1), max: jan(30) }), fc.integer({ min: 1, max: 10 }), (now, days) => {
        const calendar = { timeZone: 'UTC', weekends: [], holidays: [] };
        expect(buildTimeInStateReport({ ...base, now, days, calendar })).toEqual(
          buildTimeInStateReport({ ...base, now, days }),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('counts stays in working time: no mean stay grows when weekends and holidays are left out', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 4 }),
        fc.subarray(['2024-01-02', '2024-01-04', '2024-01-08']),
        (weekends, holidays) => {
          const plain = series(buildTimeInStateReport(base));
          const working = series(buildTimeInStateReport({ ...base, calendar: { weekends, holidays } }));
          expect(Object.keys(working)).toEqual(Object.keys(plain));
          for (const [date, day] of Object.entries(working))
            for (const [column, value] of Object.entries(day.timeinstate))
              expect(value).toBeLessThanOrEqual(plain[date]?.timeinstate[column] as number);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a Saturday–Sunday weekend takes the weekend out of the stays that span it', () => {
    // Item 1 is in Review from Saturday 6 January 12:00 to Monday 8 January 00:00: no working time.
    const plain = series(buildTimeInStateReport(base))['2024-01-08']?.timeinstate.Review as number;
    const working = series(buildTimeInStateReport({ ...base, calendar: { weekends: [6, 0] } }));
    expect(working['2024-01-08']?.timeinstate.Review).toBeLessThan(plain);
  });

  it('puts each stay on the local day it ended: midnight UTC is the day before in Los Angeles', () => {
    const plain = Object.keys(series(buildTimeInStateReport(base)));
    const calendar = { timeZone: 'America/Los_Angeles' };
    const la = Object.keys(series(buildTimeInStateReport({ ...base, calendar })));
    expect(plain[0]).toBe('2024-01-02');
    expect(la[0]).toBe('2024-01-01');
  });
});
