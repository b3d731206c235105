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

/**
 * Ends every sign-in of the user (their GitHub access was revoked, see `isSessionLive`), each as
 * `endSession` does. Reports how many were live.
 */
export async function endUserSessions(db: Db, userId: string, now: number): Promise<number> {
  const live = await db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
  let ended = 0;
  for (const { id } of live) if (await endSession(db, id, now)) ended += 1;
  return ended;
}

/** Whether any sign-in of the user is still live (another browser or device). */
export async function hasLiveSession(db: Db, userId: string): Promise<boolean> {
  const live = await db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return live !== undefined;
}

/**
 * True while the user's sign-in has not ended. Once GitHub revoked the user's access
 * (`users.github_access_revoked_at`, set by github/user-token.ts when GitHub refused their token or refresh
 * token, in whichever process), the first use of any of their sign-ins ends them all, as `endSession`
 * does: their refresh tokens revoked. Until then the join already answers false (and `findBoardAccess`).
 */
export async function isSessionLive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('auth_sessions')
    .innerJoin('users', 'users.id', 'auth_sessions.user_id')
    .select(['auth_sessions.user_id', 'auth_sessions.ended_at', 'users.github_access_revoked_at'])
    .where('auth_sessions.id', '=', sessionId)
    .modifyEnd(PREPARED)
    .executeTakeFirst();
  if (row === undefined || row.user_id !== userId || row.ended_at !== null) return false;
  if (row.github_access_revoked_at === null) return true;
  await endUserSessions(db, userId, row.github_access_revoked_at);
  return false;
}

/** The account is deleted: every sign-in ends and its rows go (refresh tokens with their sessions). */
export async function forgetUserSessions(db: Db, userId: string, now: number): Promise<void> {
  await endUserSessions(db, userId, now);
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
}
