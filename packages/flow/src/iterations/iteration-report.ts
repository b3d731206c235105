import type { Calendar } from '../core/calendar.ts';
import { isoDay, round } from '../core/numbers.ts';
import { currentIteration, finishedIterations, type IterationSpan, iterationSpans } from './iterations.ts';
import type { IterationHistory } from './iteration-history.ts';
import type { FlowUnit, Iteration, IterationEstimate, IterationEstimateChange } from './types.ts';

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

/** The iteration's scope, completed work (since `start`) and unestimated items just before instant `at`. */
type Measure = { start: number; at: number; scope: number; completed: number; unestimated: number };
/** Work that joined (`added`) and left (`removed`) the iteration in [from, to), each with its weight then. */
type Churn = { from: number; to: number; added: number; removed: number };

/**
 * What the report asks of the history, by iteration id, gathered first and then answered in one pass over it
 * (`measureHistory`): a report asked ~50 of them, each a pass over every item, ~130 ms on 100,000 items.
 */
class Questions {
  readonly measures = new Map<string, Measure[]>();
  readonly churns = new Map<string, Churn[]>();

  measure(id: string, start: number, at: number): Measure {
    const measure = { start, at, scope: 0, completed: 0, unestimated: 0 };
    const list = this.measures.get(id);
    if (list) list.push(measure);
    else this.measures.set(id, [measure]);
    return measure;
  }

  churn(id: string, from: number, to: number): Churn {
    const churn = { from, to, added: 0, removed: 0 };
    if (from >= to) return churn;
    const list = this.churns.get(id);
    if (list) list.push(churn);
    else this.churns.set(id, [churn]);
    return churn;
  }
}

/** The first measure of `list` (sorted by `at`) later than `after`. */
function firstAfter(list: readonly Measure[], after: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as Measure).at > after) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const NONE: IterationEstimate = { iteration: null, estimate: null };

/**
 * Answers every question in one pass over the items: a change is in force for the measures after it up to
 * the next change (`iterationEstimateBefore`), and a change that moves an item between iterations joins
 * one and leaves the other within the churn windows it falls in. Items are visited in the history's
 * order, so each sum adds the same numbers in the same order as a pass per question did.
 */
function measureHistory(input: IterationReportInput, questions: Questions): void {
  for (const list of questions.measures.values()) list.sort((a, b) => a.at - b.at);
  for (const [itemId, changes] of input.history) {
    const done = input.completedAt.get(itemId) ?? null;
    for (let k = 0; k < changes.length; k++) {
      const change = changes[k] as IterationEstimateChange;
      const until = k + 1 < changes.length ? (changes[k + 1] as IterationEstimateChange).at : Infinity;
      const measures = change.iteration === null ? undefined : questions.measures.get(change.iteration);
      if (measures) inForce(measures, change, until, done, input.unit);
      const before = k === 0 ? NONE : (changes[k - 1] as IterationEstimateChange);
      const seenFirst = k === 0 && change.at <= input.knownSince;
      if (seenFirst || before.iteration === change.iteration) continue;
      if (change.iteration !== null)
        for (const churn of questions.churns.get(change.iteration) ?? [])
          if (change.at >= churn.from && change.at < churn.to) churn.added += weigh(change, input.unit);
      if (before.iteration !== null)
        for (const churn of questions.churns.get(before.iteration) ?? [])
          if (change.at >= churn.from && change.at < churn.to) churn.removed += weigh(before, input.unit);
    }
  }
}

/** Adds an item to the measures taken while `change` was in force: after its instant, up to `until`. */
function inForce(
  measures: readonly Measure[],
  change: IterationEstimateChange,
  until: number,
  done: number | null,
  unit: FlowUnit,
): void {
  const weight = weigh(change, unit);
  for (let m = firstAfter(measures, change.at); m < measures.length; m++) {
    const measure = measures[m] as Measure;
    if (measure.at > until) break;
    measure.scope += weight;
    if (change.estimate === null) measure.unestimated++;
    if (done !== null && done >= measure.start && done < measure.at) measure.completed += weight;
  }
}

/** The questions of one iteration's summary, and the summary once they are answered. */
function summarize(questions: Questions, input: IterationReportInput, span: IterationSpan, until: number) {
  const { id, title } = span.iteration;
  const b = boundsOf(span, input.calendar);
  const end = Math.min(b.end, until);
  // Iterations first seen when recording began were there before: the earliest scope known.
  const commitAt = Math.min(Math.max(b.commit, input.knownSince + 1), end);
  const churn = questions.churn(id, commitAt, end);
  const final = questions.measure(id, b.start, end);
  const committed = questions.measure(id, b.start, commitAt);
  return (): IterationSummary => ({
    id,
    title,
    start: isoDay(span.first),
    end: isoDay(span.last),
    committed: round(committed.scope),
    scope: round(final.scope),
    completed: round(final.completed),
    not_done: round(final.scope - final.completed),
    added: round(churn.added),
    removed: round(churn.removed),
    partial: input.knownSince >= b.commit,
  });
}

/** The questions of the current iteration's burn-up, one point a day from its first day to today (end of day, or now). */
function burnUp(questions: Questions, input: IterationReportInput, span: IterationSpan, today: number) {
  const { id } = span.iteration;
  const b = boundsOf(span, input.calendar);
  const points: { day: number; measure: Measure; churn: Churn }[] = [];
  for (let day = span.first; day <= Math.min(span.last, today); day++) {
    const from = Math.max(input.calendar.startOf(day), b.commit, input.knownSince + 1);
    const to = Math.min(input.calendar.startOf(day + 1), input.now + 1);
    points.push({ day, measure: questions.measure(id, b.start, to), churn: questions.churn(id, from, to) });
  }
  return (): BurnUpDay[] =>
    points.map(({ day, measure, churn }) => ({
      date: isoDay(day),
      scope: round(measure.scope),
      completed: round(measure.completed),
      added: round(churn.added),
      removed: round(churn.removed),
    }));
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
  const questions = new Questions();
  // What is known now counts: measured just after `now` (a change seen at this very instant included).
  const current = now && {
    summary: summarize(questions, input, now, input.now + 1),
    days: burnUp(questions, input, now, today),
    unestimated: questions.measure(now.iteration.id, input.now, input.now + 1),
  };
  const summaries = recent.map((span) => summarize(questions, input, span, input.now));
  measureHistory(input, questions);
  return {
    unit: input.unit,
    current: current && {
      ...current.summary(),
      days: current.days(),
      unestimated: current.unestimated.unestimated,
    },
    recent: summaries.map((summary) => summary()),
  };
}
