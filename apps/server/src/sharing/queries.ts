import type { Db } from '../db/connection.ts';
import type { ShareLinksTable } from '../db/schema.ts';

export type ShareLinkRow = ShareLinksTable & { github_project_id: string; board_title: string };

function withBoard(db: Db) {
  return db
    .selectFrom('share_links')
    .innerJoin('boards', 'boards.id', 'share_links.board_id')
    .selectAll('share_links')
    .select(['boards.github_project_id', 'boards.title as board_title']);
}

export async function insertShareLink(db: Db, link: ShareLinksTable): Promise<void> {
  await db.insertInto('share_links').values(link).execute();
}

export function listShareLinksOf(db: Db, userId: string): Promise<ShareLinkRow[]> {
  return withBoard(db)
    .where('share_links.user_id', '=', userId)
    .orderBy('share_links.created_at', 'desc')
    .orderBy('share_links.id')
    .execute();
}

export function findShareLink(db: Db, userId: string, id: string): Promise<ShareLinkRow | undefined> {
  return withBoard(db)
    .where('share_links.user_id', '=', userId)
    .where('share_links.id', '=', id)
    .executeTakeFirst();
}

export function findShareLinkByHash(db: Db, tokenHash: string): Promise<ShareLinkRow | undefined> {
  return withBoard(db).where('share_links.token_hash', '=', tokenHash).executeTakeFirst();
}

/** Revokes a user's live links to a board (it left their list): tracking it again does not revive them. */
export async function revokeBoardShareLinks(db: Db, userId: string, boardId: string, now: number) {
  await db
    .updateTable('share_links')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('board_id', '=', boardId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes the link once: a second revocation keeps the first time. */
export async function revokeShareLinkRow(db: Db, userId: string, id: string, now: number): Promise<void> {
  await db
    .updateTable('share_links')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The account is deleted: its share links go (each stops opening at once). */
export async function deleteShareLinksOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('share_links').where('user_id', '=', userId).execute();
}
