import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { PREPARED } from '../db/postgres-statements.ts';

/**
 * A sign-in: every refresh token rotated or refreshed from it, and every access token issued with them,
 * names it. Ending it (logout, or a replayed refresh token) refuses them all at once.
 */
export async function startSession(db: Db, userId: string, now: number): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('auth_sessions')
    .values({ id, user_id: userId, created_at: now, ended_at: null })
    .execute();
  return id;
}

/**
 * Ends the sign-in, then revokes its refresh tokens. In this order: a rotation that checks the session
 * after creating its token (`isSessionLive`) either sees the end, or made its token before the revocation.
 * Reports false when the session had already ended.
 */
export async function endSession(db: Db, sessionId: string, now: number): Promise<boolean> {
  const ended = await db
    .updateTable('auth_sessions')
    .set({ ended_at: now })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  return Number(ended.numUpdatedRows) === 1;
}

/** True while the user's sign-in has not ended. */
export async function isSessionLive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('auth_sessions')
    .select(['user_id', 'ended_at'])
    .where('id', '=', sessionId)
    .modifyEnd(PREPARED)
    .executeTakeFirst();
  return row !== undefined && row.user_id === userId && row.ended_at === null;
}
