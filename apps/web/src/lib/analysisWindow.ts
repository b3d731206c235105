/**
 * The window of the Lead Time and Time in State pages (docs/metrics.md §3, "Honest trends"): 7, 14, 30 or
 * 90 days, plus the board's iteration length when it is none of these; in the address as `?days=`;
 * by default the iteration length.
 */
export const WINDOW_CHOICES = [7, 14, 30, 90] as const;

/** The windows offered for a board, ascending: the fixed ones and its iteration length. */
export function windowChoices(iterationDays: number): number[] {
  const choices = new Set<number>([...WINDOW_CHOICES, iterationDays]);
  return [...choices].sort((a, b) => a - b);
}

/** The window the address asks for when it is one of the choices, else the iteration length. */
export function windowFrom(param: string | null, iterationDays: number): number {
  const days = Number(param);
  return param !== null && windowChoices(iterationDays).includes(days) ? days : iterationDays;
}
