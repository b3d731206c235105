import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentItems } from '../fixtures/current-items.fixture.ts';
import { buildCalendar, dayOfDate, weekday } from '../core/calendar.ts';
import { DAY_MS, isoDay } from '../core/numbers.ts';
import { AWKWARD_ZONES as ZONES, intlDay } from '../fixtures/intl-days.fixture.ts';
import { computeItemTimelines } from '../timeline/item-timelines.ts';
import { snapshotEntries } from '../metrics/snapshot-entries.ts';
import type { Transition } from '../types.ts';
import { buildFlowReport } from './flow-report.ts';

const COLUMNS = ['Backlog', 'Doing', 'Review', 'Done'];
const HOUR = 3_600_000;
const BASE = Date.UTC(2026, 2, 20);

/** The local date of an instant as Intl writes it. */
const intlDate = (timeZone: string, ms: number) => isoDay(intlDay(timeZone, ms));

type Step = { gap: number; to: string | null };
const history = fc
  .array(
    fc.array(
      fc.record({
        gap: fc.integer({ min: 0, max: 60 }),
        to: fc.constantFrom<string | null>(...COLUMNS, null),
      }),
      {
        minLength: 1,
        maxLength: 6,
      },
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((items) =>
    items.flatMap((steps: Step[], id) => {
      let at = BASE;
      let from: string | null = null;
      return steps.map(({ gap, to }) => {
        at += gap * HOUR + 17 * 60_000;
        const row = { itemId: `i${id}`, from, to, at };
        from = to;
        return row;
      });
    }),
  );
const settings = fc.record({
  timeZone: fc.constantFrom(...ZONES),
  weekends: fc.constantFrom<number[]>([], [6, 0], [5, 6], [0]),
  holidays: fc.subarray(['2026-03-23', '2026-03-28', '2026-03-29', '2026-04-01', '2026-04-05', '2026-04-06']),
});

/**
 * The Flow report on random zones (+14, −11, +05:45, Lord Howe's 30-minute DST, Paris across 29 March)
 * and days off, against Intl: the window ends on today's local date, each completion counts on its local
 * date and the daily counts add up to the completions in the window, the CFD counts the entries on or
 * before each local date, forecast dates are working days that many working days ahead (today + days with
 * no day off), and ages in working time are never more than elapsed.
 */
describe('Flow report on a time zone', () => {
  it('counts each completion on its local day; the daily counts add up to the completions in the window', () => {
    fc.assert(
      fc.property(
        history,
        settings,
        fc.integer({ min: 0, max: 24 * 20 }),
        fc.integer({ min: 1, max: 20 }),
        (rows: Transition[], calendar, nowHours, days) => {
          const now = BASE + nowHours * HOUR;
          const report = buildFlowReport({
            columns: COLUMNS,
            cycleStartColumn: 'Doing',
            transitions: rows,
            items: currentItems(rows),
            now,
            days,
            trials: 50,
            calendar,
          });
          const dates = report.throughput.daily.map((d) => d.date);
          expect(dates.at(-1)).toBe(intlDate(calendar.timeZone, now));
          expect(dates.length).toBe(days);
          const done = computeItemTimelines({
            columns: COLUMNS,
            doneColumn: 'Done',
            cycleStartColumn: 'Doing',
            transitions: rows.filter((r) => r.at <= now),
          })
            .flatMap((t) => (t.completedAt === null ? [] : [intlDate(calendar.timeZone, t.completedAt)]))
            .filter((date) => dates.includes(date));
          for (const row of report.throughput.daily)
            expect(row.count).toBe(done.filter((d) => d === row.date).length);
          expect(report.throughput.total).toBe(done.length);
          expect(report.cycle_time.points.length).toBe(done.length);
          for (const p of report.cycle_time.points)
            expect(p.date).toBe(intlDate(calendar.timeZone, Date.parse(p.completed_at)));
          // The CFD: each column counts the entries on or before the row's local date (earlier ones on the first row).
          const cal = buildCalendar(calendar);
          const timelines = computeItemTimelines({
            columns: COLUMNS,
            doneColumn: 'Done',
            cycleStartColumn: 'Doing',
            transitions: rows.filter((r) => r.at <= now),
          });
          const entries = [
            ...timelines,
            ...snapshotEntries(
              currentItems(rows),
              new Map(timelines.map((t) => [t.itemId, t])),
              COLUMNS,
              now,
            ),
          ];
          expect(report.cfd.map((row) => row.date)).toEqual(dates);
          for (const row of report.cfd)
            for (const column of COLUMNS) {
              const entered = entries.flatMap((e) => {
                const at = e.entered[column];
                return at === null || at === undefined ? [] : [intlDate(calendar.timeZone, at)];
              });
              expect(row.counts[column]).toBe(entered.filter((date) => date <= row.date).length);
            }
          // Forecast dates: working days; with no day off, today + days.
          for (const r of report.forecast?.when.results ?? []) {
            if (r.date === null || r.days === null) continue;
            const today = cal.dayOf(now);
            const day = dayOfDate(r.date);
            if (!cal.partial) expect(day).toBe(today + r.days);
            else {
              expect(cal.isWorkingDay(day)).toBe(true);
              expect(calendar.weekends.includes(weekday(day))).toBe(false);
              expect(calendar.holidays.includes(r.date)).toBe(false);
              let count = 0;
              for (let d = today + 1; d <= day; d++) if (cal.isWorkingDay(d)) count++;
              expect(count).toBe(r.days);
            }
          }
          if (report.forecast) {
            const first = dayOfDate(report.forecast.sample_start);
            const last = dayOfDate(report.forecast.sample_end);
            let working = 0;
            for (let d = first; d <= last; d++) if (cal.isWorkingDay(d)) working++;
            expect(report.forecast.sample_days).toBeLessThanOrEqual(working);
            expect(last).toBe(cal.dayOf(now) - 1);
          }
          for (const a of report.aging.items) {
            expect(a.age_days).toBeLessThanOrEqual(
              Math.round(((now - Date.parse(a.started_at)) / DAY_MS) * 100) / 100 + 0.01,
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
