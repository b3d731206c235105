import type { Db } from '../db/connection.ts';

/**
 * The boards of an account whose GitHub App installation went away or came back (docs/github.md, GitHub
 * App). Boards are matched by their owner's login; the demo board and static boards are left alone, and no
 * recorded history is touched.
 */

/** How the message of a board the GitHub App lost begins: it is shown to the board's users as is. */
export const ACCESS_LOST_PREFIX = 'Access lost:';

/**
 * The App lost access to `ownerLogin` (uninstalled or suspended): its boards are `inaccessible` with
 * `message` (what to do) and retried at `retryAt`; everything recorded stays.
 */
export async function markOwnerBoardsAccessLost(
  db: Db,
  ownerLogin: string,
  message: string,
  retryAt: number,
): Promise<number> {
  const result = await db
    .updateTable('boards')
    .set({ sync_status: 'inaccessible', last_error: message.slice(0, 500), next_sync_at: retryAt })
    .where('owner_login', '=', ownerLogin)
    // The App reads organization boards only (collector/readers.ts): an install on a personal account
    // changes nothing for that user's boards.
    .where('owner_type', '=', 'Organization')
    .where('is_demo', '=', 0)
    .where('sync_status', '!=', 'static')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The App can read `ownerLogin` again, or reads more of it (installed, unsuspended, repositories or
 * permissions changed): its boards are active and due for a full sync now, which reads the items'
 * content the App may now see; a board marked inaccessible starts again without its error backoff.
 */
export async function restoreOwnerBoardsAccess(db: Db, ownerLogin: string, now: number): Promise<number> {
  const boards = db
    .updateTable('boards')
    .where('owner_login', '=', ownerLogin)
    .where('owner_type', '=', 'Organization')
    .where('is_demo', '=', 0)
    .where('sync_status', '!=', 'static');
  await boards
    .set({ sync_status: 'active', last_error: null, sync_error_count: 0 })
    .where('sync_status', '=', 'inaccessible')
    .execute();
  const due = await boards
    .set({ next_sync_at: now, github_updated_at: null, last_full_sync_at: null })
    .executeTakeFirst();
  return Number(due.numUpdatedRows);
}
