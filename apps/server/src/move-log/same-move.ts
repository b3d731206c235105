import type { Move } from './moves.ts';

/** How far apart a poll that dated a move when it looked can be from the move's stamp. */
export const SAME_MOVE_WINDOW_MS = 2 * 60 * 1000;

/**
 * How far apart two paths' stamps of one move can be: a webhook carries the item's `updated_at`, a
 * listing the Status value's `updatedAt`, both whole seconds, written together but maybe either side of
 * a second's turn.
 */
export const STAMP_SLACK_MS = 1000;

/**
 * A recorded move of one item; `id` is the recording order. `looked`: a poll's move dated when the poll
 * looked (GitHub gave no plausible time), not by GitHub's stamp.
 */
export type RecordedMove = {
  id: number;
  from: string | null;
  to: string | null;
  at: number;
  source: string;
  looked: boolean;
};

/**
 * A move dated when the poll looked: a poll's move at the moment it was recorded (`recordedAt`). A move
 * dated by GitHub's evidence carries GitHub's stamp, which a poll never records at (it looks after).
 */
export const datedWhenLooked = (move: { source: string; at: number }, recordedAt: number) =>
  move.source === 'poll' && move.at === recordedAt;

/** `a` comes after `b`: later, or at the same time and recorded later (GitHub stamps whole seconds). */
const after = (a: RecordedMove, b: RecordedMove) => a.at > b.at || (a.at === b.at && a.id > b.id);

/**
 * The same move already recorded, arriving again by another path (a poll and a webhook, a redelivery):
 * - GitHub stamps a move once, and every path reports that stamp (a webhook's `updated_at`, a listing's
 *   Status `updatedAt`, a timeline event): the same move has the same time, to the second (two paths'
 *   stamps within STAMP_SLACK_MS). Same columns further apart are two moves: A → B, B → A, A → B where
 *   B → A is still on its way (GitHub does not promise delivery order) is three moves, and taking the
 *   third for a copy of the first lost it for good. Only a poll that dated a move when it
 *   looked (`looked`) may be further off, within the window.
 * - A poll's `from` is where the item stood when last seen, not always where it left from (it sees only
 *   the end of several moves): against a poll's move, only `to` must agree.
 * - No other move of the item lies between the two. Among equal times the order is the recording order,
 *   and the move arriving now comes after every move recorded at its time.
 * `recorded`: the item's moves, at least those within the window of `move`; `looked`: whether `move` is a
 * poll's move dated when it looked.
 */
export function hasSameMove(recorded: readonly RecordedMove[], move: Move, looked = false): boolean {
  const between = (other: RecordedMove, same: RecordedMove) =>
    same.at <= move.at ? other.at <= move.at && after(other, same) : other.at > move.at && after(same, other);
  const apart = (same: RecordedMove) => {
    const slack =
      same.looked || looked ? SAME_MOVE_WINDOW_MS : same.source !== move.source ? STAMP_SLACK_MS : 0;
    return Math.abs(same.at - move.at) <= slack;
  };
  return recorded.some(
    (same) =>
      same.to === move.to &&
      (same.from === move.from || same.source === 'poll' || move.source === 'poll') &&
      apart(same) &&
      !recorded.some((other) => between(other, same)),
  );
}

/**
 * The moves to record, in order: each one not already recorded, counting those accepted before it in the
 * same batch. Snapshots are always recorded. `recorded`: each item's moves near the batch's times; `now`:
 * when the batch is recorded (a poll's move dated then was dated when it looked).
 */
export function newMoves(moves: readonly Move[], recorded: Map<string, RecordedMove[]>, now: number): Move[] {
  const accepted: Move[] = [];
  // Recorded after every stored move: ids above any the database has given.
  let nextId = 2 ** 52;
  for (const move of moves) {
    const history = recorded.get(move.itemId) ?? [];
    const looked = datedWhenLooked(move, now);
    if (move.source !== 'snapshot' && hasSameMove(history, move, looked)) continue;
    accepted.push(move);
    history.push({ id: nextId++, from: move.from, to: move.to, at: move.at, source: move.source, looked });
    recorded.set(move.itemId, history);
  }
  return accepted;
}
