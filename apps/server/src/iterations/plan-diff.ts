import { type Plan, type PlanChange, planAt } from '@fluxion/flow';

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

/** One part of an item's plan set at `at` (a webhook's edit of the Iteration or the estimate field). */
export type PlanEdit =
  | { itemId: string; at: number; part: 'iteration'; value: string | null }
  | { itemId: string; at: number; part: 'estimate'; value: number | null };

/**
 * The change an edit makes to the item's recorded plan (`changes`: the item's, oldest first): its plan in
 * force at `at` with the edited part replaced. Null when that changes nothing, or when `at` precedes the
 * item's first recorded plan (that first look already shows the edit, and the other part is not known).
 */
export function planEditChange(changes: readonly PlanChange[], edit: PlanEdit): PlanChange | null {
  const first = changes[0];
  if (first === undefined || edit.at < first.at) return null;
  const before = planAt(changes, edit.at);
  const after: Plan =
    edit.part === 'iteration' ? { ...before, iteration: edit.value } : { ...before, estimate: edit.value };
  if (after.iteration === before.iteration && after.estimate === before.estimate) return null;
  return { itemId: edit.itemId, at: edit.at, iteration: after.iteration, estimate: after.estimate };
}
