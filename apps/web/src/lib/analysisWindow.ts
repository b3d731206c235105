import { FLOW_DEFAULTS } from './constants.ts';

/**
 * The windows every analysis page offers (Lead Time, Time in State, Flow and a share link from it), in the
 * address as `?days=` (docs/metrics.md §3, "The window"): one list, so a window carried from one page to
 * another reads the same there. The API takes any whole number of days from 1 to 365.
 */
export const ANALYSIS_WINDOWS = [7, 14, 30, 60, 90] as const;

/**
 * The windows offered for a board, ascending: the common ones and, on Lead Time and Time in State, its
 * iteration length (their default) when it is none of these.
 */
export function windowChoices(iterationDays?: number): number[] {
  const choices = new Set<number>(ANALYSIS_WINDOWS);
  if (iterationDays !== undefined) choices.add(iterationDays);
  return [...choices].sort((a, b) => a - b);
}

/** The window the address asks for when it is one of `choices`, else `fallback`. */
function offeredOr(param: string | null, choices: readonly number[], fallback: number): number {
  const days = Number(param);
  return param !== null && choices.includes(days) ? days : fallback;
}

/** Lead Time and Time in State: the window in the address, else the board's iteration length. */
export function windowFrom(param: string | null, iterationDays: number): number {
  return offeredOr(param, windowChoices(iterationDays), iterationDays);
}

/** Flow: the window in the address, else the default (30 days). */
export function flowWindowFrom(param: string | null): number {
  return offeredOr(param, ANALYSIS_WINDOWS, FLOW_DEFAULTS.days);
}
