import type { Move } from './observation.ts';

/** Moves that arrive by two paths (webhook and poll) can carry timestamps a little apart. */
export const SAME_MOVE_WINDOW_MS = 2 * 60 * 1000;

/** A recorded move of one item; `id` is the recording order. */
export type RecordedMove = { id: number; from: string | null; to: string | null; at: number };

/** `a` comes after `b`: later, or at the same time and recorded later (GitHub stamps whole seconds). */
const after = (a: RecordedMove, b: RecordedMove) => a.at > b.at || (a.at === b.at && a.id > b.id);

/**
 * The same move already recorded: same columns, within the window, and no other move of the item between
 * the two (a real A -> B, B -> A, A -> B within two minutes is three moves, not one seen twice). Among
 * equal times the order is the recording order, and the move arriving now comes after every move recorded
 * at its time. `recorded`: the item's moves, at least those within the window of `move`.
 */
export function hasSameMove(recorded: readonly RecordedMove[], move: Move): boolean {
  const between = (other: RecordedMove, same: RecordedMove) =>
    same.at <= move.at ? other.at <= move.at && after(other, same) : other.at > move.at && after(same, other);
  return recorded.some(
    (same) =>
      same.from === move.from &&
      same.to === move.to &&
      Math.abs(same.at - move.at) <= SAME_MOVE_WINDOW_MS &&
      !recorded.some((other) => between(other, same)),
  );
}

/**
 * The moves to record, in order: each one not already recorded, counting those accepted before it in the
 * same batch. Snapshots are always recorded. `recorded`: each item's moves near the batch's times.
 */
export function newMoves(moves: readonly Move[], recorded: Map<string, RecordedMove[]>): Move[] {
  const accepted: Move[] = [];
  // Recorded after every stored move: ids above any the database has given.
  let nextId = 2 ** 52;
  for (const move of moves) {
    const history = recorded.get(move.itemId) ?? [];
    if (move.source !== 'snapshot' && hasSameMove(history, move)) continue;
    accepted.push(move);
    history.push({ id: nextId++, from: move.from, to: move.to, at: move.at });
    recorded.set(move.itemId, history);
  }
  return accepted;
}
