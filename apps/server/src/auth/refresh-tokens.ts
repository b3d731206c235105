import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Two tabs of one browser may refresh with the same token at the same moment: within this window a just
 * rotated token still refreshes (while its successor is alive) instead of counting as a stolen copy.
 */
export const ROTATION_GRACE_MS = 30 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a refresh token; only its hash is stored, so a leaked database cannot mint sessions. */
export async function createRefreshToken(
  db: Db,
  userId: string,
  now: number,
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  await db
    .insertInto('refresh_tokens')
    .values({
      id,
      user_id: userId,
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
  | { ok: true; userId: string; token: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for a new one (rotation). Presenting a token that was already rotated, after the
 * grace window, means it was copied: every token of that user is revoked.
 */
export async function rotateRefreshToken(db: Db, token: string, now: number): Promise<RotationResult> {
  const row = await db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hash(token))
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at !== null) {
    if (row.replaced_by === null) return { ok: false, reason: 'revoked' };
    if (now - row.revoked_at <= ROTATION_GRACE_MS && (await isAlive(db, row.replaced_by, now))) {
      const sibling = await createRefreshToken(db, row.user_id, now);
      return { ok: true, userId: row.user_id, token: sibling.token };
    }
    await revokeAllForUser(db, row.user_id, now);
    return { ok: false, reason: 'reused' };
  }
  if (row.expires_at <= now) return { ok: false, reason: 'expired' };
  const next = await createRefreshToken(db, row.user_id, now);
  const claimed = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now, replaced_by: next.id })
    .where('id', '=', row.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    await db.deleteFrom('refresh_tokens').where('id', '=', next.id).execute();
    return { ok: false, reason: 'revoked' };
  }
  return { ok: true, userId: row.user_id, token: next.token };
}

/** Revokes one refresh token (logout). Unknown or already revoked tokens report false. */
export async function revokeRefreshToken(db: Db, token: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', hash(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function isAlive(db: Db, id: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['revoked_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined && row.revoked_at === null && row.expires_at > now;
}

async function revokeAllForUser(db: Db, userId: string, now: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
