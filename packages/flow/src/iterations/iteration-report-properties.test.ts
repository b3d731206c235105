import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendar, type Calendar } from '../core/calendar.ts';
import { isoDay, round } from '../core/numbers.ts';
import { iterationEstimateBefore, iterationHistory } from './iteration-history.ts';
import { buildIterationReport, type IterationReportInput } from './iteration-report.ts';
import { currentIteration, finishedIterations, type IterationSpan, iterationSpans } from './iterations.ts';
import type { FlowUnit, IterationEstimate, IterationEstimateChange } from './types.ts';

/**
 * The report's definition read literally (docs/metrics.md, "Iteration report"): every figure a pass of
 * its own over every item. The engine answers all of them in one pass; both must agree to the number.
 */
function definitionReport(input: IterationReportInput) {
  const weigh = (e: IterationEstimate) => (input.unit === 'items' ? 1 : (e.estimate ?? 0));
  const bounds = (span: IterationSpan, calendar: Calendar) => ({
    start: calendar.startOf(span.first),
    commit: calendar.startOf(span.first + 1),
    end: calendar.startOf(span.last + 1),
  });
  const measureAt = (id: string, start: number, at: number) => {
    let scope = 0;
    let completed = 0;
    let unestimated = 0;
    for (const [itemId, changes] of input.history) {
      const inForce = iterationEstimateBefore(changes, at);
      if (inForce.iteration !== id) continue;
      scope += weigh(inForce);
      if (inForce.estimate === null) unestimated++;
      const done = input.completedAt.get(itemId) ?? null;
      if (done !== null && done >= start && done < at) completed += weigh(inForce);
    }
    return { scope, completed, unestimated };
  };
  const churn = (id: string, from: number, to: number) => {
    let added = 0;
    let removed = 0;
    for (const changes of input.history.values()) {
      let before: IterationEstimate = { iteration: null, estimate: null };
      for (const change of changes) {
        const seenFirst = change === changes[0] && change.at <= input.knownSince;
        if (change.at >= from && change.at < to && !seenFirst) {
          if (before.iteration !== id && change.iteration === id) added += weigh(change);
          if (before.iteration === id && change.iteration !== id) removed += weigh(before);
        }
        before = change;
      }
    }
    return { added, removed };
  };
  const summarize = (span: IterationSpan, until: number) => {
    const b = bounds(span, input.calendar);
    const end = Math.min(b.end, until);
    const commitAt = Math.min(Math.max(b.commit, input.knownSince + 1), end);
    const { added, removed } = churn(span.iteration.id, commitAt, end);
    const final = measureAt(span.iteration.id, b.start, end);
    return {
      id: span.iteration.id,
      title: span.iteration.title,
      start: isoDay(span.first),
      end: isoDay(span.last),
      committed: round(measureAt(span.iteration.id, b.start, commitAt).scope),
      scope: round(final.scope),
      completed: round(final.completed),
      not_done: round(final.scope - final.completed),
      added: round(added),
      removed: round(removed),
      partial: input.knownSince >= b.commit,
    };
  };
  const burnUp = (span: IterationSpan, today: number) => {
    const b = bounds(span, input.calendar);
    const days = [];
    for (let day = span.first; day <= Math.min(span.last, today); day++) {
      const from = Math.max(input.calendar.startOf(day), b.commit, input.knownSince + 1);
      const to = Math.min(input.calendar.startOf(day + 1), input.now + 1);
      const { scope, completed } = measureAt(span.iteration.id, b.start, to);
      const { added, removed } = from < to ? churn(span.iteration.id, from, to) : { added: 0, removed: 0 };
      days.push({
        date: isoDay(day),
        scope: round(scope),
        completed: round(completed),
        added: round(added),
        removed: round(removed),
      });
    }
    return days;
  };
  const spans = iterationSpans(input.iterations);
  const today = input.calendar.dayOf(input.now);
  const now = currentIteration(spans, today);
  return {
    unit: input.unit,
    current: now && {
      ...summarize(now, input.now + 1),
      days: burnUp(now, today),
      unestimated: measureAt(now.iteration.id, input.now, input.now + 1).unestimated,
    },
    recent: finishedIterations(spans, today)
      .slice(-(input.recent ?? 6))
      .map((span) => summarize(span, input.now)),
  };
}

const DAY = 86_400_000;
const FIRST_DAY = Date.UTC(2026, 0, 5);
/** Instants over four weeks, at midnight and noon (so that changes share instants, and meet day bounds). */
const instantIn = (fromDay: number, toDay: number) =>
  fc.integer({ min: fromDay * 2, max: toDay * 2 }).map((half) => FIRST_DAY + half * 12 * 3_600_000);
const instant = instantIn(0, 28);
const IDS = ['a', 'b', 'c'];

const iterations = fc.uniqueArray(
  fc.record({
    id: fc.constantFrom(...IDS),
    start: fc.integer({ min: 0, max: 20 }),
    duration: fc.integer({ min: 1, max: 10 }),
  }),
  { selector: (i) => i.id, maxLength: 3 },
);

const change = (itemId: string) =>
  fc.record({
    itemId: fc.constant(itemId),
    at: instant,
    // An id no iteration of the board has, too (an iteration since deleted).
    iteration: fc.constantFrom<string | null>(null, ...IDS, ...IDS, 'gone'),
    // Fractions, so that an order of addition other than the definition's would show.
    estimate: fc.constantFrom<number | null>(null, 0, 1, 0.1, 0.2, 2.5, 3),
  });

const board = fc
  .array(fc.integer({ min: 1, max: 5 }), { maxLength: 12 })
  .chain((lengths) =>
    fc.tuple(
      fc.tuple(...lengths.map((n, i) => fc.array(change(`item-${i}`), { minLength: n, maxLength: n }))),
      fc.array(fc.option(instant, { nil: null }), { minLength: lengths.length, maxLength: lengths.length }),
    ),
  );

describe('Iteration report: one pass over the history', () => {
  it('gives every figure the definition gives, a pass per figure', () => {
    fc.assert(
      fc.property(
        iterations,
        board,
        // Today late in the month, recording begun early: most boards have a current iteration and finished ones.
        instantIn(8, 28),
        instantIn(0, 10),
        fc.constantFrom<FlowUnit>('items', 'estimate'),
        fc.constantFrom(buildCalendar(), buildCalendar({ timeZone: 'America/New_York', weekends: [6, 0] })),
        fc.integer({ min: 1, max: 6 }),
        (its, [changes, done], now, knownSince, unit, calendar, recent) => {
          const input: IterationReportInput = {
            iterations: its.map(({ id, start, duration }) => ({
              id,
              title: `Iteration ${id}`,
              startDate: new Date(FIRST_DAY + start * DAY).toISOString().slice(0, 10),
              duration,
            })),
            history: iterationHistory(changes.flat() as IterationEstimateChange[]),
            completedAt: new Map(done.map((at, i) => [`item-${i}`, at])),
            unit,
            now,
            knownSince,
            calendar,
            recent,
          };
          expect(buildIterationReport(input)).toEqual(definitionReport(input));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
