/** Iterations and estimates (docs/metrics.md, "Iterations and estimates"). Times are epoch ms (UTC). */

/** One iteration of the board's Iteration field, as GitHub gives it (completed ones too). */
export type Iteration = {
  id: string;
  title: string;
  /** The first day, YYYY-MM-DD. */
  startDate: string;
  /** Length in days (the iteration covers `duration` days from `startDate`). */
  duration: number;
};

/**
 * What an item's iteration and estimate became at `at`: its iteration (id, null for none) and its estimate (null for none)
 * from then on, until its next change. The first change of an item is what it had when first seen.
 */
export type IterationEstimateChange = {
  itemId: string;
  at: number;
  iteration: string | null;
  estimate: number | null;
};

/** What the flow charts and forecasts count: items, or the sum of their estimates. */
export type FlowUnit = 'items' | 'estimate';

/** An item's iteration and estimate at one instant. */
export type IterationEstimate = { iteration: string | null; estimate: number | null };
