import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import type { RefreshTokensTable } from '../db/schema.ts';
import { endSession, isSessionLive } from './sessions.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Tabs of one browser share a sign-in but refresh on their own: one may present a token another tab
 * rotated a moment ago, even one whose successor was rotated again since (a lagging tab). Within this
 * window of a token's rotation, while its sign-in lives, that answers a new pair of the same sign-in
 * instead of counting as a stolen copy. Later, the token is a copy: its whole sign-in ends.
 */
export const ROTATION_GRACE_MS = 30 * 1000;
/**
 * The OAuth callback's handoff token (handoff.ts) is a refresh token born single-use: it lives as long as
 * its cookie, is traded once, at the handoff call only, and has no grace. Its kind is its lifetime: at
 * most this long (and none once spent, see `rotateRefreshToken`).
 */
export const HANDOFF_TOKEN_TTL_MS = 60 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export type Session = { userId: string; sessionId: string };

/** Creates a refresh token of a sign-in; only its hash is stored, so a leaked database cannot mint sessions. */
export async function createRefreshToken(
  db: Db,
  session: Session,
  now: number,
  ttlMs = REFRESH_TOKEN_TTL_MS,
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
      expires_at: now + ttlMs,
      revoked_at: null,
      replaced_by: null,
      created_at: now,
    })
    .execute();
  return { id, token };
}

/** The single-use token the OAuth callback hands to the web app (see `HANDOFF_TOKEN_TTL_MS`). */
export function createHandoffToken(
  db: Db,
  session: Session,
  now: number,
): Promise<{ id: string; token: string }> {
  return createRefreshToken(db, session, now, HANDOFF_TOKEN_TTL_MS);
}

export type RotationResult =
  | ({ ok: true; token: string } & Session)
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for a new one (rotation). A token already rotated is answered within
 * `ROTATION_GRACE_MS` of its rotation while its sign-in still has a live token (a new pair of that
 * sign-in, see above); otherwise it was copied and its whole sign-in ends. A sign-in already ended
 * (logout, an earlier replay) answers nothing, grace or not.
 *
 * `handoff`: the exchange at the handoff call. What it takes is spent for good, with no grace, now or
 * when presented again anywhere (a second time, it ends its sign-in). A handoff token is only taken
 * there: the refresh call refuses an unspent one.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  now: number,
  options: { handoff: boolean } = { handoff: false },
): Promise<RotationResult> {
  const row = await findByToken(db, token);
  if (!row) return { ok: false, reason: 'unknown' };
  const session = { userId: row.user_id, sessionId: row.session_id ?? row.id };
  if (!(await isSessionLive(db, session.sessionId, session.userId))) return { ok: false, reason: 'revoked' };
  const singleUse = isSingleUse(row);
  if (row.revoked_at !== null) {
    if (row.replaced_by === null) return { ok: false, reason: 'revoked' };
    const inGrace = !options.handoff && !singleUse && now - row.revoked_at <= ROTATION_GRACE_MS;
    if (inGrace && (await hasLiveToken(db, session.sessionId, now))) {
      return issueWhileLive(db, session, await createRefreshToken(db, session, now), now);
    }
    await endSession(db, session.sessionId, now);
    return { ok: false, reason: 'reused' };
  }
  if (singleUse && !options.handoff) return { ok: false, reason: 'unknown' };
  if (row.expires_at <= now) return { ok: false, reason: 'expired' };
  const next = await createRefreshToken(db, session, now);
  const claimed = await db
    .updateTable('refresh_tokens')
    // What the handoff spends is single-use from now on, whatever it was born as (`isSingleUse`).
    .set({
      revoked_at: now,
      replaced_by: next.id,
      ...(options.handoff ? { expires_at: row.created_at } : {}),
    })
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
 * Ends the sign-in that `token` belongs to, whether the token is the current one or was rotated, and names
 * its user. Unknown tokens and sign-ins already ended report null.
 */
export async function endSessionOf(db: Db, token: string, now: number): Promise<{ userId: string } | null> {
  const row = await findByToken(db, token);
  if (!row) return null;
  return (await endSession(db, row.session_id ?? row.id, now)) ? { userId: row.user_id } : null;
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

/** A handoff token: born to live `HANDOFF_TOKEN_TTL_MS` at most, or spent at the handoff (no life left). */
function isSingleUse(row: RefreshTokensTable): boolean {
  return row.expires_at - row.created_at <= HANDOFF_TOKEN_TTL_MS;
}

/** Whether the sign-in still has a token that refreshes: the newest of a tab's chain, at least. */
async function hasLiveToken(db: Db, sessionId: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
