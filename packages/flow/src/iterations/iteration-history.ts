import type { IterationEstimate, IterationEstimateChange } from './types.ts';

/** Each item's iteration and estimate changes, oldest first. */
export type IterationHistory = ReadonlyMap<string, readonly IterationEstimateChange[]>;

export function iterationHistory(changes: readonly IterationEstimateChange[]): IterationHistory {
  const byItem = new Map<string, IterationEstimateChange[]>();
  for (const change of changes) {
    const list = byItem.get(change.itemId);
    if (list) list.push(change);
    else byItem.set(change.itemId, [change]);
  }
  for (const list of byItem.values()) list.sort((a, b) => a.at - b.at);
  return byItem;
}

const NO_ITERATION_ESTIMATE: IterationEstimate = { iteration: null, estimate: null };

/** The iteration and estimate in force at `at` (changes at `at` included); none before the first known change. */
export function iterationEstimateAt(
  changes: readonly IterationEstimateChange[],
  at: number,
): IterationEstimate {
  let inForce = NO_ITERATION_ESTIMATE;
  for (const change of changes) {
    if (change.at > at) break;
    inForce = change;
  }
  return inForce;
}

/** The iteration and estimate in force just before `at` (changes at `at` not yet). */
export function iterationEstimateBefore(
  changes: readonly IterationEstimateChange[],
  at: number,
): IterationEstimate {
  let inForce = NO_ITERATION_ESTIMATE;
  for (const change of changes) {
    if (change.at >= at) break;
    inForce = change;
  }
  return inForce;
}

/** Each item's latest iteration and estimate. */
export function latestIterationEstimates(history: IterationHistory): Map<string, IterationEstimate> {
  const latest = new Map<string, IterationEstimate>();
  for (const [id, changes] of history) latest.set(id, changes.at(-1) ?? NO_ITERATION_ESTIMATE);
  return latest;
}

/**
 * What each item weighs in estimate units on the Flow page: its latest estimate; an item without one
 * weighs 0 (docs/metrics.md, "Iterations and estimates").
 */
export function estimateWeights(history: IterationHistory): Map<string, number> {
  const weights = new Map<string, number>();
  for (const [id, changes] of history) {
    const estimate = changes.at(-1)?.estimate ?? null;
    if (estimate !== null && estimate > 0) weights.set(id, estimate);
  }
  return weights;
}

/** The ids of the items whose latest iteration puts them in `iterationId`. */
export function itemsInIteration(history: IterationHistory, iterationId: string): Set<string> {
  const ids = new Set<string>();
  for (const [id, changes] of history) if (changes.at(-1)?.iteration === iterationId) ids.add(id);
  return ids;
}
