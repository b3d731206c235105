import { recordChanges } from '../boards/changes.ts';
import { applyReportedMoves } from '../collector/record.ts';
import type { Move } from '../collector/observation.ts';
import type { Db } from '../db/connection.ts';

/** Records one move as a webhook delivery would, in its own transaction; whether it was new. */
export async function recordReportedMove(db: Db, boardId: string, move: Move, now: number): Promise<boolean> {
  return recordChanges(db, boardId, async (changes) => {
    const [recorded] = await applyReportedMoves(changes, [move], now);
    return recorded === true;
  });
}
