import type { Plan, PlanChange } from '@fluxion/flow';

/** An item's iteration and estimate as a listing reads them now. */
export type ObservedPlan = Plan & { itemId: string };

/**
 * The changes a listing at `at` shows against each item's latest stored plan: an item seen for the first
 * time gets its plan as first seen (when it has one); a known item, a change when either part differs.
 */
export function planChanges(
  latest: ReadonlyMap<string, Plan>,
  observed: readonly ObservedPlan[],
  at: number,
): PlanChange[] {
  const changes: PlanChange[] = [];
  for (const { itemId, iteration, estimate } of observed) {
    const before = latest.get(itemId);
    if (before === undefined && iteration === null && estimate === null) continue;
    if (before && before.iteration === iteration && before.estimate === estimate) continue;
    changes.push({ itemId, at, iteration, estimate });
  }
  return changes;
}
