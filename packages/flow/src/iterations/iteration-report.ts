import type { Calendar } from '../core/calendar.ts';
import { isoDay, round } from '../core/numbers.ts';
import { currentIteration, finishedIterations, type IterationSpan, iterationSpans } from './iterations.ts';
import { type IterationHistory, iterationEstimateBefore } from './iteration-history.ts';
import type { FlowUnit, Iteration, IterationEstimate } from './types.ts';

/** Input of the iteration report (docs/metrics.md, "Iteration report"). */
export type IterationReportInput = {
  iterations: readonly Iteration[];
  history: IterationHistory;
  /** Each item's completion (its last entry into done), absent or null when not complete. */
  completedAt: ReadonlyMap<string, number | null>;
  unit: FlowUnit;
  now: number;
  /** When recording began: an iteration and estimate first seen then was already there, not added. */
  knownSince: number;
  calendar: Calendar;
  /** How many finished iterations to compare (default 6). */
  recent?: number;
};

export type IterationTotals = {
  committed: number;
  scope: number;
  completed: number;
  /** The scope at the end not completed during the iteration: scope − completed. */
  not_done: number;
  added: number;
  removed: number;
};

export type IterationSummary = IterationTotals & {
  id: string;
  title: string;
  start: string;
  end: string;
  /** Recording began after the iteration's commitment point: `committed` is the scope seen then. */
  partial: boolean;
};

export type BurnUpDay = { date: string; scope: number; completed: number; added: number; removed: number };

export type IterationReport = {
  unit: FlowUnit;
  current: (IterationSummary & { days: BurnUpDay[]; unestimated: number }) | null;
  recent: IterationSummary[];
};

type Bounds = { start: number; commit: number; end: number };

function boundsOf(span: IterationSpan, calendar: Calendar): Bounds {
  return {
    start: calendar.startOf(span.first),
    // Committed: the scope at the end of the first day, the planning day.
    commit: calendar.startOf(span.first + 1),
    end: calendar.startOf(span.last + 1),
  };
}

/** What an item in the iteration weighs under its estimate. */
function weigh(inForce: IterationEstimate, unit: FlowUnit): number {
  return unit === 'items' ? 1 : (inForce.estimate ?? 0);
}

/** The iteration's scope and completed work just before instant `at`. */
function measureAt(input: IterationReportInput, id: string, start: number, at: number) {
  let scope = 0;
  let completed = 0;
  let unestimated = 0;
  for (const [itemId, changes] of input.history) {
    const inForce = iterationEstimateBefore(changes, at);
    if (inForce.iteration !== id) continue;
    const weight = weigh(inForce, input.unit);
    scope += weight;
    if (inForce.estimate === null) unestimated++;
    const done = input.completedAt.get(itemId) ?? null;
    if (done !== null && done >= start && done < at) completed += weight;
  }
  return { scope, completed, unestimated };
}

/** Work that joined and left the iteration in [from, to): each join or leave with its weight then. */
function churn(input: IterationReportInput, id: string, from: number, to: number) {
  let added = 0;
  let removed = 0;
  for (const changes of input.history.values()) {
    let before: IterationEstimate = { iteration: null, estimate: null };
    for (const change of changes) {
      const seenFirst = change === changes[0] && change.at <= input.knownSince;
      if (change.at >= from && change.at < to && !seenFirst) {
        if (before.iteration !== id && change.iteration === id) added += weigh(change, input.unit);
        if (before.iteration === id && change.iteration !== id) removed += weigh(before, input.unit);
      }
      before = change;
    }
  }
  return { added, removed };
}

function summarize(input: IterationReportInput, span: IterationSpan, until: number): IterationSummary {
  const { id, title } = span.iteration;
  const b = boundsOf(span, input.calendar);
  const end = Math.min(b.end, until);
  // Iterations first seen when recording began were there before: the earliest scope known.
  const commitAt = Math.min(Math.max(b.commit, input.knownSince + 1), end);
  const { added, removed } = churn(input, id, commitAt, end);
  const final = measureAt(input, id, b.start, end);
  return {
    id,
    title,
    start: isoDay(span.first),
    end: isoDay(span.last),
    committed: round(measureAt(input, id, b.start, commitAt).scope),
    scope: round(final.scope),
    completed: round(final.completed),
    not_done: round(final.scope - final.completed),
    added: round(added),
    removed: round(removed),
    partial: input.knownSince >= b.commit,
  };
}

/** One point a day of the current iteration, from its first day to today (end of day, or now). */
function burnUp(input: IterationReportInput, span: IterationSpan, today: number): BurnUpDay[] {
  const { id } = span.iteration;
  const b = boundsOf(span, input.calendar);
  const days: BurnUpDay[] = [];
  for (let day = span.first; day <= Math.min(span.last, today); day++) {
    const from = Math.max(input.calendar.startOf(day), b.commit, input.knownSince + 1);
    const to = Math.min(input.calendar.startOf(day + 1), input.now + 1);
    const { scope, completed } = measureAt(input, id, b.start, to);
    const { added, removed } = from < to ? churn(input, id, from, to) : { added: 0, removed: 0 };
    days.push({
      date: isoDay(day),
      scope: round(scope),
      completed: round(completed),
      added: round(added),
      removed: round(removed),
    });
  }
  return days;
}

/**
 * The iteration report: the current iteration's burn-up (scope, completed, and the work added and
 * removed after the commitment point each day), and committed against completed for the last finished
 * iterations. An item counts in an iteration while its Iteration field names it; in estimate units it weighs the
 * estimate in force at the instant measured (an item without one weighs 0).
 */
export function buildIterationReport(input: IterationReportInput): IterationReport {
  const spans = iterationSpans(input.iterations);
  const today = input.calendar.dayOf(input.now);
  const now = currentIteration(spans, today);
  const recent = finishedIterations(spans, today).slice(-(input.recent ?? 6));
  // What is known now counts: measured just after `now` (a change seen at this very instant included).
  const current = now && {
    ...summarize(input, now, input.now + 1),
    days: burnUp(input, now, today),
    unestimated: measureAt(input, now.iteration.id, input.now, input.now + 1).unestimated,
  };
  return { unit: input.unit, current, recent: recent.map((span) => summarize(input, span, input.now)) };
}
