import type { Db } from '../db/connection.ts';

/**
 * A unit of work on what a board has recorded (moves, items, labels, field values, iterations and estimates, columns): every
 * write goes through `changes.db` and says what it changed with `changes.wrote(…)`; when the work is done
 * and anything was changed, the board's `data_version` goes up once, in the same transaction, so loaded
 * boards and cached analyses of it are stale from that commit on. This is the one way `data_version` moves
 * (`db/table-owners.test.ts` refuses any other).
 */
export type BoardChanges = {
  /** The unit's transaction. */
  readonly db: Db;
  readonly boardId: string;
  /** Something was changed (a count above 0, or true): the board's data_version goes up at the end. */
  wrote(changed?: number | boolean): void;
};

/**
 * Runs `work` as one unit of work on the board: in `db` if it is a transaction already (the caller's,
 * which may hold the board's lease or lock), else in a new one.
 */
export async function recordChanges<T>(
  db: Db,
  boardId: string,
  work: (changes: BoardChanges) => Promise<T>,
): Promise<T> {
  const run = async (trx: Db): Promise<T> => {
    let changed = false;
    const wrote = (count: number | boolean = true) => {
      if (count === true || (typeof count === 'number' && count > 0)) changed = true;
    };
    const result = await work({ db: trx, boardId, wrote });
    if (changed) {
      await trx
        .updateTable('boards')
        .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
        .where('id', '=', boardId)
        .execute();
    }
    return result;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
