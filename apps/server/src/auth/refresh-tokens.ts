import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import type { RefreshTokensTable } from '../db/schema.ts';
import { endSession, isSessionLive } from './sessions.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Two tabs of one browser may refresh with the same token at the same moment: within this window a just
 * rotated token still refreshes (while its successor is alive) instead of counting as a stolen copy.
 */
export const ROTATION_GRACE_MS = 30 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export type Session = { userId: string; sessionId: string };

/** Creates a refresh token of a sign-in; only its hash is stored, so a leaked database cannot mint sessions. */
export async function createRefreshToken(
  db: Db,
  session: Session,
  now: number,
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  await db
    .insertInto('refresh_tokens')
    .values({
      id,
      user_id: session.userId,
      session_id: session.sessionId,
      token_hash: hash(token),
      expires_at: now + REFRESH_TOKEN_TTL_MS,
      revoked_at: null,
      replaced_by: null,
      created_at: now,
    })
    .execute();
  return { id, token };
}

export type RotationResult =
  | ({ ok: true; token: string } & Session)
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for a new one (rotation). Presenting a token that was already rotated, after the
 * grace window (or at all, with `grace: false`), means it was copied: its whole sign-in ends.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  now: number,
  options: { grace: boolean } = { grace: true },
): Promise<RotationResult> {
  const row = await findByToken(db, token);
  if (!row) return { ok: false, reason: 'unknown' };
  const session = { userId: row.user_id, sessionId: row.session_id ?? row.id };
  if (!(await isSessionLive(db, session.sessionId, session.userId))) return { ok: false, reason: 'revoked' };
  if (row.revoked_at !== null) {
    if (row.replaced_by === null) return { ok: false, reason: 'revoked' };
    const inGrace = options.grace && now - row.revoked_at <= ROTATION_GRACE_MS;
    if (inGrace && (await isAlive(db, row.replaced_by, now))) {
      return issueWhileLive(db, session, await createRefreshToken(db, session, now), now);
    }
    await endSession(db, session.sessionId, now);
    return { ok: false, reason: 'reused' };
  }
  if (row.expires_at <= now) return { ok: false, reason: 'expired' };
  const next = await createRefreshToken(db, session, now);
  const claimed = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now, replaced_by: next.id })
    .where('id', '=', row.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    // Another request rotated it a moment ago: answer as that rotation's sibling (or as a replay).
    await db.deleteFrom('refresh_tokens').where('id', '=', next.id).execute();
    return rotateRefreshToken(db, token, now, options);
  }
  return issueWhileLive(db, session, next, now);
}

/**
 * Ends the sign-in that `token` belongs to, whether the token is the current one or was rotated. Unknown
 * tokens and sign-ins already ended report false.
 */
export async function endSessionOf(db: Db, token: string, now: number): Promise<boolean> {
  const row = await findByToken(db, token);
  if (!row) return false;
  return endSession(db, row.session_id ?? row.id, now);
}

function findByToken(db: Db, token: string): Promise<RefreshTokensTable | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash(token)).executeTakeFirst();
}

/** A token made while a logout ran may have missed its revocation: checked after it exists, revoked if so. */
async function issueWhileLive(
  db: Db,
  session: Session,
  created: { id: string; token: string },
  now: number,
): Promise<RotationResult> {
  if (await isSessionLive(db, session.sessionId, session.userId)) {
    return { ok: true, token: created.token, ...session };
  }
  await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('id', '=', created.id).execute();
  return { ok: false, reason: 'revoked' };
}

async function isAlive(db: Db, id: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['revoked_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined && row.revoked_at === null && row.expires_at > now;
}
