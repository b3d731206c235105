import { applyReportedMoves } from '../collector/record.ts';
import type { Move } from '../collector/observation.ts';
import type { Db } from '../db/connection.ts';

/** Records one move as a webhook delivery would, in its own transaction; whether it was new. */
export async function recordReportedMove(db: Db, boardId: string, move: Move, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const [recorded] = await applyReportedMoves(trx, boardId, [move], now);
    return recorded === true;
  });
}
