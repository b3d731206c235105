import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentItems } from '../fixtures/current-items.fixture.ts';
import { buildColumnStats, buildIssuesInColumnReport } from '../metrics/issues.ts';
import { buildLeadTimeReport } from '../metrics/lead-time.ts';
import { buildTimeInStateReport } from '../metrics/time-in-state.ts';
import type { Transition } from '../types.ts';
import { buildBoardReport } from './board-report.ts';
import { buildFlowReport } from './flow-report.ts';

const COLUMNS = ['Backlog', 'Doing', 'Review', 'Done'];
const HOUR = 3_600_000;
const MINUTE = 60_000;
const BASE = Date.UTC(2024, 1, 20);
const OFFSETS = ['+14:00', '-11:00', '+05:45', '-03:30', '+00:00'];
const minutes = (offset: string) =>
  (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

const history = fc
  .array(
    fc.array(
      fc.record({
        gap: fc.integer({ min: 0, max: 60 * 48 }),
        to: fc.constantFrom<string | null>(...COLUMNS, null),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((items) =>
    items.flatMap((steps, id) => {
      let at = BASE;
      let from: string | null = null;
      return steps.map(({ gap, to }) => {
        at += gap * MINUTE;
        const row: Transition = { itemId: `i${id}`, from, to, at };
        from = to;
        return row;
      });
    }),
  );
const daysOff = fc.record({
  weekends: fc.constantFrom([], [6, 0], [5, 6], [0]),
  holidays: fc.subarray(['2024-02-22', '2024-02-29', '2024-03-01', '2024-03-04']),
});

/**
 * A fixed offset is a plain shift: every analysis of a board at +HH:MM equals the analysis in UTC of the
 * same board with every instant moved by the offset (the same wall-clock times), with the same days off.
 */
describe('a fixed offset is UTC shifted by the offset', () => {
  it('for every analysis', () => {
    fc.assert(
      fc.property(
        history,
        fc.constantFrom(...OFFSETS),
        daysOff,
        fc.integer({ min: 0, max: 24 * 16 }),
        fc.integer({ min: 1, max: 10 }),
        (rows, offset, off, nowHours, days) => {
          const shift = minutes(offset) * MINUTE;
          const now = BASE + nowHours * HOUR + 7 * MINUTE;
          const moved = rows.map((r) => ({ ...r, at: r.at + shift }));
          const zoned = { timeZone: offset, ...off };
          const utc = { timeZone: 'UTC', ...off };
          const board = { columns: COLUMNS, cycleStartColumn: 'Doing', doneColumn: 'Done' };
          const a = { ...board, transitions: rows, items: currentItems(rows), now, days };
          const b = { ...board, transitions: moved, items: currentItems(moved), now: now + shift, days };
          expect(buildLeadTimeReport({ ...a, calendar: zoned })).toEqual(
            buildLeadTimeReport({ ...b, calendar: utc }),
          );
          expect(buildTimeInStateReport({ ...a, calendar: zoned })).toEqual(
            buildTimeInStateReport({ ...b, calendar: utc }),
          );
          const flow = (x: typeof a, calendar: typeof utc) => {
            const r = buildFlowReport({ ...x, trials: 30, calendar });
            return {
              ...r,
              cycle_time: {
                ...r.cycle_time,
                points: r.cycle_time.points.map((p) => ({ ...p, completed_at: '' })),
              },
              aging: { ...r.aging, items: r.aging.items.map((i) => ({ ...i, started_at: '' })) },
            };
          };
          expect(flow(a, zoned)).toEqual(flow(b, utc));
          for (const column of COLUMNS) {
            const issues = (x: typeof a, calendar: typeof utc) =>
              buildIssuesInColumnReport({ ...x, column, calendar }).issues.map(
                (i) => i.days_in_current_column,
              );
            expect(issues(a, zoned)).toEqual(issues(b, utc));
          }
          expect(buildColumnStats({ ...a, calendar: zoned })).toEqual(
            buildColumnStats({ ...b, calendar: utc }),
          );
          for (const wholeDays of [false, true]) {
            const report = (r: Transition[], calendar: typeof utc) => {
              const out = buildBoardReport(
                { ...board, keys: [...new Set(r.map((x) => x.itemId))], transitions: r } as never,
                { wholeDays, calendar },
              );
              return { ...out, items: out.items.map((i) => [i.lead_time_days, i.cycle_time_days]) };
            };
            expect(report(rows, zoned)).toEqual(report(moved, utc));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
