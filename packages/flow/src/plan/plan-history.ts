import type { Plan, PlanChange } from './types.ts';

/** Each item's plan changes, oldest first. */
export type PlanHistory = ReadonlyMap<string, readonly PlanChange[]>;

export function planHistory(changes: readonly PlanChange[]): PlanHistory {
  const byItem = new Map<string, PlanChange[]>();
  for (const change of changes) {
    const list = byItem.get(change.itemId);
    if (list) list.push(change);
    else byItem.set(change.itemId, [change]);
  }
  for (const list of byItem.values()) list.sort((a, b) => a.at - b.at);
  return byItem;
}

const NO_PLAN: Plan = { iteration: null, estimate: null };

/** The plan in force at `at` (changes at `at` included); no plan before the first known change. */
export function planAt(changes: readonly PlanChange[], at: number): Plan {
  let plan = NO_PLAN;
  for (const change of changes) {
    if (change.at > at) break;
    plan = change;
  }
  return plan;
}

/** The plan in force just before `at` (changes at `at` not yet). */
export function planBefore(changes: readonly PlanChange[], at: number): Plan {
  let plan = NO_PLAN;
  for (const change of changes) {
    if (change.at >= at) break;
    plan = change;
  }
  return plan;
}

/** Each item's latest plan. */
export function latestPlans(history: PlanHistory): Map<string, Plan> {
  const plans = new Map<string, Plan>();
  for (const [id, changes] of history) plans.set(id, changes.at(-1) ?? NO_PLAN);
  return plans;
}

/**
 * What each item weighs in estimate units on the Flow page: its latest estimate; an item without one
 * weighs 0 (docs/metrics.md, "Iterations and estimates").
 */
export function estimateWeights(history: PlanHistory): Map<string, number> {
  const weights = new Map<string, number>();
  for (const [id, changes] of history) {
    const estimate = changes.at(-1)?.estimate ?? null;
    if (estimate !== null && estimate > 0) weights.set(id, estimate);
  }
  return weights;
}

/** The ids of the items whose latest plan puts them in `iterationId`. */
export function itemsInIteration(history: PlanHistory, iterationId: string): Set<string> {
  const ids = new Set<string>();
  for (const [id, changes] of history) if (changes.at(-1)?.iteration === iterationId) ids.add(id);
  return ids;
}
