import type { Db } from '../db/connection.ts';

/** A board as the notifier needs it. */
export async function findBoardById(db: Db, boardId: string) {
  return db.selectFrom('boards').selectAll().where('id', '=', boardId).executeTakeFirst();
}

/** The users who track the board now: every viewer of it (the demo is seen by all, and sends nothing). */
export async function trackersOf(db: Db, boardId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tracked_projects')
    .select('user_id')
    .where('board_id', '=', boardId)
    .orderBy('added_at')
    .execute();
  return rows.map((r) => r.user_id);
}

export async function tracks(db: Db, userId: string, boardId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tracked_projects')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row !== undefined;
}
