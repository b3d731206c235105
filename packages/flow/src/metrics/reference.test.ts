import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeItemTimelines } from '../timeline/item-timelines.ts';
import { buildLeadTimeReport } from './lead-time.ts';
import type { LeadTimeDay, Transition } from '../types.ts';

/** A deliberately naive model of docs/metrics.md §2–3, to hold the fast engine against. */
const COLUMNS = ['Backlog', 'Ready', 'Doing', 'Review', 'Done'];
const DAY = 86_400_000;
const BASE = Date.UTC(2024, 0, 1);

type Model = { entered: (number | null)[]; first: number | null; done: number | null };

function model(rows: Transition[]): Model {
  const entered: (number | null)[] = COLUMNS.map(() => null);
  let first: number | null = null;
  let last = -1;
  for (const row of [...rows].sort((a, b) => a.at - b.at)) {
    const c = row.to === null ? -1 : COLUMNS.indexOf(row.to);
    if (c < 0 || c === last) continue;
    first ??= row.at;
    entered[c] ??= row.at;
    for (let d = c + 1; d < COLUMNS.length; d++) entered[d] = null;
    last = c;
  }
  for (let c = COLUMNS.length - 2; c >= 0; c--) entered[c] ??= entered[c + 1] ?? null;
  return { entered, first, done: last === COLUMNS.length - 1 ? (entered[last] ?? null) : null };
}

/** Strictly increasing times (no ties, which the model does not order), random targets. */
const boardArb = fc
  .array(
    fc.array(
      fc.record({
        gap: fc.integer({ min: 1, max: 5 * DAY }),
        to: fc.constantFrom<string | null>(...COLUMNS, null, 'Old'),
      }),
      { minLength: 1, maxLength: 10 },
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((items) =>
    items.flatMap((steps, id) => {
      let at = BASE;
      return steps.map(({ gap, to }) => {
        at += gap;
        return { itemId: `item-${id}`, from: null, to, at };
      });
    }),
  );

function byItem(rows: Transition[]): Map<string, Transition[]> {
  const groups = new Map<string, Transition[]>();
  for (const row of rows) groups.set(row.itemId, [...(groups.get(row.itemId) ?? []), row]);
  return groups;
}

describe('engine vs naive model', () => {
  it('entries, completion, lead and cycle time', () => {
    fc.assert(
      fc.property(boardArb, (rows) => {
        const groups = byItem(rows);
        for (const t of computeItemTimelines({
          columns: COLUMNS,
          cycleStartColumn: 'Doing',
          transitions: rows,
        })) {
          const m = model(groups.get(t.itemId) ?? []);
          expect(COLUMNS.map((c) => t.entered[c])).toEqual(m.entered);
          expect(t.completedAt).toBe(m.done);
          expect(t.leadTimeMs).toBe(m.done === null ? null : m.done - (m.first as number));
          expect(t.cycleTimeMs).toBe(m.done === null ? null : m.done - (m.entered[2] as number));
        }
      }),
    );
  });

  it('daily series: mean over completions in the trailing window, recomputed naively per day', () => {
    fc.assert(
      fc.property(
        boardArb,
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 60 }),
        (rows, days, d) => {
          const now = BASE + d * DAY + DAY / 2;
          const done = [...byItem(rows).values()].map(model).filter((m) => m.done !== null && m.done <= now);
          const report = buildLeadTimeReport({
            columns: COLUMNS,
            cycleStartColumn: 'Doing',
            transitions: rows,
            days,
            now,
          });
          const { metrics, ...series } = report;
          for (const [date, value] of Object.entries(series)) {
            const end = Date.parse(`${date}T00:00:00Z`) + DAY;
            const inWindow = done.filter(
              (m) => (m.done as number) < end && (m.done as number) >= end - days * DAY,
            );
            const mean =
              inWindow.reduce((s, m) => s + (m.done as number) - (m.first as number), 0) / inWindow.length;
            expect((value as LeadTimeDay).average_lead_time).toBeCloseTo(mean / DAY, 2);
          }
          const emitted = Object.keys(series).length;
          expect(emitted === 0).toBe(done.length === 0);
          expect(metrics.avg_lead_time >= 0).toBe(true);
        },
      ),
    );
  });
});
