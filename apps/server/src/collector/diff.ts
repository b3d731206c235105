import type { ItemState } from '../move-log/moves.ts';
import type { Move, ObservedItem, StoredItem, TransitionSource } from './observation.ts';

export type { ItemState };

/**
 * `partial`: items seen for the first time after the board's first listing although their column was set
 * before recording began (an item of a repository the reader could not see until now): the instant their
 * history is known from, their entry into that column (docs/metrics.md §16), as the import marks them.
 */
export type ListingDiff = {
  moves: Move[];
  states: ItemState[];
  partial: Map<string, number>;
  /** Items listed archived, stored off the board but not as archived: to be marked archived, no move. */
  archivedOff: string[];
};

/**
 * Compares what GitHub shows now with what is stored and says which moves happened.
 * - First sight of a board (`initial`): each item is placed where it stands, dated at `now` (no history is
 *   invented), while its entered-column time comes from the Status value's `updatedAt`.
 * - An item seen for the first time later, whose column was set before the board was added (it was on the
 *   board, unreadable until now): placed at GitHub's `updatedAt` of its value, its history partial before.
 * - Later: a changed column is a move dated by the best evidence GitHub gives (see `moveTime`), never
 *   before the item's previous entry or removal, never before `notBefore` (when the board was added), and
 *   never in the future; without plausible evidence, at `now`.
 * - `complete` lists every item of the board: stored items absent from it, archived, or left without a
 *   status have left the board.
 * - `recordedSince`: items whose stored state was recorded (by a webhook) after the listing began. The
 *   listing may predate that state, so it neither moves nor removes them: a later poll speaks for them.
 * - `hidden`: items the listing names but GitHub hides from the reader (REDACTED: a repository out of the
 *   App's reach for now). Their column is unknown, not none: they keep their state and its age.
 */
export function diffListing(params: {
  observed: ObservedItem[];
  stored: Map<string, StoredItem>;
  now: number;
  notBefore: number;
  initial: boolean;
  complete: boolean;
  source: TransitionSource;
  recordedSince?: ReadonlySet<string>;
  hidden?: readonly string[];
}): ListingDiff {
  const { observed, stored, now } = params;
  const diff: ListingDiff = { moves: [], states: [], partial: new Map(), archivedOff: [] };
  const seen = new Set<string>([...(params.recordedSince ?? []), ...(params.hidden ?? [])]);
  for (const item of observed) {
    if (seen.has(item.itemId)) continue;
    seen.add(item.itemId);
    const column = item.archived ? null : item.column;
    const before = stored.get(item.itemId);
    const beforeColumn = before && before.removedAt === null ? before.column : null;
    // Unchanged, or still off the board (gone, archived or without status, as last time).
    if (beforeColumn === column) {
      if (item.archived && before && before.archivedAt === null) diff.archivedOff.push(item.itemId);
      continue;
    }
    const floor = Math.max(params.notBefore, before?.enteredColumnAt ?? 0, before?.removedAt ?? 0);
    const known = before || params.initial ? null : knownSince(item, column, params.notBefore);
    if (known !== null) diff.partial.set(item.itemId, known);
    const at = params.initial ? now : (known ?? moveTime(item, column, floor, now));
    const source = params.initial ? 'snapshot' : params.source;
    diff.moves.push({ itemId: item.itemId, from: beforeColumn, to: column, at, source });
    const entered = params.initial ? Math.min(item.statusUpdatedAt ?? now, now) : at;
    diff.states.push({
      itemId: item.itemId,
      column,
      enteredColumnAt: column === null ? null : entered,
      removed: column === null,
      ...(item.archived ? { archived: true } : {}),
    });
  }
  if (params.complete) {
    for (const before of stored.values()) {
      if (seen.has(before.itemId) || before.removedAt !== null || before.column === null) continue;
      diff.moves.push({
        itemId: before.itemId,
        from: before.column,
        to: null,
        at: now,
        source: params.source,
      });
      diff.states.push({ itemId: before.itemId, column: null, enteredColumnAt: null, removed: true });
    }
  }
  return diff;
}

/** A first-seen item's column value set before recording began: when it was set (never after now). */
function knownSince(item: ObservedItem, column: string | null, notBefore: number): number | null {
  if (column === null || item.statusUpdatedAt === null || item.statusUpdatedAt >= notBefore) return null;
  return item.statusUpdatedAt;
}

/**
 * When an item changed column: entering a column, the Status value's `updatedAt`, else (a restored item,
 * whose Status value is as old as before its archiving) the item's `updatedAt`; leaving the board
 * (archived, status cleared), the item's `updatedAt`, since the old Status value's time is when it
 * entered the column it now leaves. The first time in [floor, now] wins; none: `now`.
 */
function moveTime(item: ObservedItem, column: string | null, floor: number, now: number): number {
  const evidence = column === null ? [item.updatedAt] : [item.statusUpdatedAt, item.updatedAt];
  return evidence.find((t): t is number => t !== null && t >= floor && t <= now) ?? now;
}
