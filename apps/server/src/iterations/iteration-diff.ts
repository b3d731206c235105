import { type IterationEstimate, type IterationEstimateChange, iterationEstimateAt } from '@fluxion/flow';

/** An item's iteration and estimate as a listing reads them now. */
export type ObservedIterationEstimate = IterationEstimate & { itemId: string };

/**
 * The changes a listing at `at` shows against each item's latest stored iteration and estimate: an item seen for the first
 * time gets its iteration and estimate as first seen (when it has one); a known item, a change when either part differs.
 */
export function iterationChanges(
  latest: ReadonlyMap<string, IterationEstimate>,
  observed: readonly ObservedIterationEstimate[],
  at: number,
): IterationEstimateChange[] {
  const changes: IterationEstimateChange[] = [];
  for (const { itemId, iteration, estimate } of observed) {
    const before = latest.get(itemId);
    if (before === undefined && iteration === null && estimate === null) continue;
    if (before && before.iteration === iteration && before.estimate === estimate) continue;
    changes.push({ itemId, at, iteration, estimate });
  }
  return changes;
}

/** One part of an item's iteration and estimate set at `at` (a webhook's edit of the Iteration or the estimate field). */
export type IterationEdit =
  | { itemId: string; at: number; part: 'iteration'; value: string | null }
  | { itemId: string; at: number; part: 'estimate'; value: number | null };

/**
 * The change an edit makes to the item's recorded iteration and estimate (`changes`: the item's, oldest first): what was in
 * force at `at` with the edited part replaced. Null when that changes nothing, or when `at` precedes the
 * item's first recorded iteration and estimate (that first look already shows the edit, and the other part is not known).
 */
export function iterationEditChange(
  changes: readonly IterationEstimateChange[],
  edit: IterationEdit,
): IterationEstimateChange | null {
  const first = changes[0];
  if (first === undefined || edit.at < first.at) return null;
  const before = iterationEstimateAt(changes, edit.at);
  const after: IterationEstimate =
    edit.part === 'iteration' ? { ...before, iteration: edit.value } : { ...before, estimate: edit.value };
  if (after.iteration === before.iteration && after.estimate === before.estimate) return null;
  return { itemId: edit.itemId, at: edit.at, iteration: after.iteration, estimate: after.estimate };
}
