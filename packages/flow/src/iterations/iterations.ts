import { dayOfDate } from '../core/calendar.ts';
import type { Iteration } from './types.ts';

/** An iteration's days, first to last (local day numbers of the board's calendar). */
export type IterationSpan = { iteration: Iteration; first: number; last: number };

/** The board's iterations as day spans, oldest first (ties by title). */
export function iterationSpans(iterations: readonly Iteration[]): IterationSpan[] {
  return iterations
    .map((iteration) => {
      const first = dayOfDate(iteration.startDate);
      return { iteration, first, last: first + Math.max(1, Math.floor(iteration.duration)) - 1 };
    })
    .sort((a, b) => a.first - b.first || a.iteration.title.localeCompare(b.iteration.title));
}

/** The iteration `today` falls in; null between iterations or without any. */
export function currentIteration(spans: readonly IterationSpan[], today: number): IterationSpan | null {
  return spans.find((s) => s.first <= today && today <= s.last) ?? null;
}

/** The iterations that ended before today, oldest first. */
export function finishedIterations(spans: readonly IterationSpan[], today: number): IterationSpan[] {
  return spans.filter((s) => s.last < today);
}

/** The iteration the analyses read its length from, and whether it is running today. */
export type IterationWindow = { days: number; iteration: Iteration; running: boolean };

/**
 * The iteration whose length is the board's iteration length (docs/metrics.md, "The iteration"): the one
 * running `today`; between iterations the last that ended, before the first one the first. Null without
 * any: the typed length applies.
 */
export function iterationWindow(iterations: readonly Iteration[], today: number): IterationWindow | null {
  const spans = iterationSpans(iterations);
  const running = currentIteration(spans, today);
  const span = running ?? finishedIterations(spans, today).at(-1) ?? spans[0];
  if (!span) return null;
  return { days: span.last - span.first + 1, iteration: span.iteration, running: running !== null };
}

/** What an iteration filter names: the current one, the one before it, or one by id or title. */
export type IterationSelector = 'current' | 'previous' | (string & {});

/**
 * The iteration a selector names on `today`: `current` contains today, `previous` is the last one that
 * ended before today's (or, between iterations, before today); any other text is an id, else a title.
 */
export function resolveIteration(
  iterations: readonly Iteration[],
  selector: IterationSelector,
  today: number,
): Iteration | null {
  const spans = iterationSpans(iterations);
  if (selector === 'current') return currentIteration(spans, today)?.iteration ?? null;
  if (selector === 'previous') {
    const before = currentIteration(spans, today)?.first ?? today;
    return spans.filter((s) => s.last < before).at(-1)?.iteration ?? null;
  }
  return iterations.find((i) => i.id === selector) ?? iterations.find((i) => i.title === selector) ?? null;
}
