import type { Move, ObservedItem, StoredItem, TransitionSource } from './observation.ts';

export type ItemState = {
  itemId: string;
  column: string | null;
  enteredColumnAt: number | null;
  removed: boolean;
};

export type SyncPlan = { moves: Move[]; states: ItemState[] };

/**
 * Compares what GitHub shows now with what is stored and says which moves happened.
 * - First sight of a board (`initial`): each item is placed where it stands, dated at `now` (no history is
 *   invented), while its entered-column time comes from the Status value's `updatedAt`.
 * - Later: a changed column is a move dated at the Status value's `updatedAt` when that is plausible
 *   (after the previous entry, not in the future), else at `now`.
 * - `complete` lists every item of the board: stored items absent from it, archived, or left without a
 *   status have left the board.
 */
export function planSync(params: {
  observed: ObservedItem[];
  stored: Map<string, StoredItem>;
  now: number;
  initial: boolean;
  complete: boolean;
  source: TransitionSource;
}): SyncPlan {
  const { observed, stored, now } = params;
  const plan: SyncPlan = { moves: [], states: [] };
  const seen = new Set<string>();
  for (const item of observed) {
    seen.add(item.itemId);
    const column = item.archived ? null : item.column;
    const before = stored.get(item.itemId);
    const beforeColumn = before && before.removedAt === null ? before.column : null;
    if (before && beforeColumn === column && before.removedAt === null) continue;
    if (!before && column === null) continue;
    const at = params.initial
      ? now
      : plausibleTime(item.statusUpdatedAt, before?.enteredColumnAt ?? null, now);
    const source = params.initial ? 'snapshot' : params.source;
    plan.moves.push({ itemId: item.itemId, from: beforeColumn, to: column, at, source });
    const entered = params.initial ? Math.min(item.statusUpdatedAt ?? now, now) : at;
    plan.states.push({
      itemId: item.itemId,
      column,
      enteredColumnAt: column === null ? null : entered,
      removed: column === null,
    });
  }
  if (params.complete) {
    for (const before of stored.values()) {
      if (seen.has(before.itemId) || before.removedAt !== null || before.column === null) continue;
      plan.moves.push({
        itemId: before.itemId,
        from: before.column,
        to: null,
        at: now,
        source: params.source,
      });
      plan.states.push({ itemId: before.itemId, column: null, enteredColumnAt: null, removed: true });
    }
  }
  return plan;
}

function plausibleTime(statusUpdatedAt: number | null, previousEntry: number | null, now: number): number {
  if (statusUpdatedAt === null || statusUpdatedAt > now) return now;
  if (previousEntry !== null && statusUpdatedAt < previousEntry) return now;
  return statusUpdatedAt;
}
