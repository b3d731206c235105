import type { GithubItemHistory } from '../github/types.ts';
import type { Move, ObservedItem } from './observation.ts';

/**
 * GitHub stamps a field value's `updatedAt` and the timeline event of the same move separately: up to a
 * minute apart counts as the same instant.
 */
const SAME_MOVE_MS = 60_000;

export type CheckedHistories = {
  /** The imported moves: GitHub's events, and each checked item's known entry into its current column. */
  moves: Move[];
  /** Item → the instant before which its history is partial (when it entered its current column). */
  partial: Map<string, number>;
  /** How many items' histories were checked against GitHub's current value. */
  checked: number;
};

type Current = Pick<ObservedItem, 'itemId' | 'column' | 'statusUpdatedAt'>;

/**
 * The import of past moves, each item's chain checked against what GitHub says now: its current column
 * and when it entered it (the field value's `updatedAt`, U). A chain whose last event enters that column
 * at U is complete; so is an item without events whose value was set when it was added. Any other chain
 * lost events (GitHub has written most moves without one since about 24 September 2026): what is known is
 * kept (its events before U, and its entry into its current column at U), the history before U is marked
 * partial, and no move is invented. Items without a column or a value time, or set after the board was
 * added (`addedAt`: moves since are recorded one by one), are imported as their events say.
 */
export function checkHistories(
  histories: readonly GithubItemHistory[],
  current: readonly Current[],
  addedAt: number,
): CheckedHistories {
  const byId = new Map(current.map((c) => [c.itemId, c]));
  const result: CheckedHistories = { moves: [], partial: new Map(), checked: 0 };
  for (const history of histories) {
    const item = history.itemId ? byId.get(history.itemId) : undefined;
    if (!item) continue;
    const events = eventMoves(history, item.itemId);
    const entered = item.statusUpdatedAt;
    if (item.column === null || entered === null || !(entered < addedAt)) {
      result.moves.push(...events);
      continue;
    }
    result.checked += 1;
    const known = knownUntil(events, entered);
    const entry: Move = { itemId: item.itemId, from: null, to: item.column, at: entered, source: 'backfill' };
    if (chainHolds(events, item.column, entered, history.addedAt)) {
      result.moves.push(...(events.length > 0 ? events : [entry]));
    } else {
      result.moves.push(...known, entry);
      result.partial.set(item.itemId, entered);
    }
  }
  return result;
}

function eventMoves(history: GithubItemHistory, itemId: string): Move[] {
  return history.changes
    .map((change) => ({
      itemId,
      from: change.from,
      to: change.to,
      at: Date.parse(change.at),
      source: 'backfill' as const,
    }))
    .filter((move) => Number.isFinite(move.at))
    .sort((a, b) => a.at - b.at);
}

/** The events before the item's known entry: after it, they cannot be placed in its chain. */
function knownUntil(events: readonly Move[], entered: number): Move[] {
  return events.filter((e) => e.at < entered - SAME_MOVE_MS);
}

/** Whether the events end with the entry GitHub's value records (or, without events, it was set when added). */
function chainHolds(
  events: readonly Move[],
  column: string,
  entered: number,
  addedAt: string | null,
): boolean {
  const last = events.at(-1);
  if (last) return last.to === column && Math.abs(last.at - entered) <= SAME_MOVE_MS;
  const added = addedAt === null ? Number.NaN : Date.parse(addedAt);
  return Math.abs(entered - added) <= SAME_MOVE_MS;
}
