import type { Db } from '../db/connection.ts';
import type { User } from '../db/schema.ts';
import { leaseFree } from '../leases/lease.ts';

/**
 * The user's GitHub tokens as stored (each secret sealed with secret-box.ts): the access token, and for a
 * GitHub App's user access token its expiry and the single-use refresh token that renews it. What reads
 * and renews them is github/user-token.ts; this file only writes the `users` row (its owner folder).
 */
export type SealedGithubTokens = {
  tokenEnc: string;
  /** 'github-app' for the App's user access tokens; null for an OAuth app's token (never expires). */
  kind: 'github-app' | null;
  expiresAt: number | null;
  refreshTokenEnc: string | null;
  refreshExpiresAt: number | null;
};

export type StoredGithubTokens = Pick<
  User,
  | 'id'
  | 'github_token_enc'
  | 'github_token_kind'
  | 'github_token_expires_at'
  | 'github_refresh_token_enc'
  | 'github_refresh_expires_at'
  | 'github_refresh_owner'
  | 'github_refresh_until'
  | 'github_access_revoked_at'
>;

export async function readGithubTokens(db: Db, userId: string): Promise<StoredGithubTokens | undefined> {
  return db
    .selectFrom('users')
    .select([
      'id',
      'github_token_enc',
      'github_token_kind',
      'github_token_expires_at',
      'github_refresh_token_enc',
      'github_refresh_expires_at',
      'github_refresh_owner',
      'github_refresh_until',
      'github_access_revoked_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Which user a GitHub account is (its numeric id, as webhooks' `sender.id` names it). */
export async function userIdOfGithubAccount(db: Db, githubId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('github_id', '=', githubId).executeTakeFirst();
  return row?.id ?? null;
}

const columns = (tokens: SealedGithubTokens) => ({
  github_token_enc: tokens.tokenEnc,
  github_token_kind: tokens.kind,
  github_token_expires_at: tokens.expiresAt,
  github_refresh_token_enc: tokens.refreshTokenEnc,
  github_refresh_expires_at: tokens.refreshExpiresAt,
  github_refresh_owner: null,
  github_refresh_until: null,
});

/**
 * A sign-in's tokens (the OAuth callback), replacing whatever was stored; GitHub's access is no longer
 * revoked (the sign-ins the revocation ended stay ended: auth/ ended them before calling this).
 */
export async function storeSignInTokens(
  db: Db,
  userId: string,
  tokens: SealedGithubTokens,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...columns(tokens), github_access_revoked_at: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * Takes the refresh lease: only while the stored refresh token is still `refreshTokenEnc` (compare-and-set)
 * and nobody else holds the lease. True: this process may spend the refresh token.
 */
export async function takeRefreshLease(
  db: Db,
  userId: string,
  refreshTokenEnc: string,
  lease: { owner: string; now: number; leaseMs: number },
): Promise<boolean> {
  const taken = await db
    .updateTable('users')
    .set({ github_refresh_owner: lease.owner, github_refresh_until: lease.now + lease.leaseMs })
    .where('id', '=', userId)
    .where('github_refresh_token_enc', '=', refreshTokenEnc)
    .where(leaseFree('github_refresh_until', lease.now))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Gives the lease back without a new token (GitHub could not be asked): another use may try. */
export async function releaseRefreshLease(db: Db, userId: string, owner: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ github_refresh_owner: null, github_refresh_until: null })
    .where('id', '=', userId)
    .where('github_refresh_owner', '=', owner)
    .execute();
}

/**
 * Stores the refreshed pair in place of the spent one: only where the spent refresh token is still stored
 * (compare-and-set), so a sign-in meanwhile is not overwritten. False: the row had changed.
 */
export async function storeRefreshedTokens(
  db: Db,
  userId: string,
  spentRefreshTokenEnc: string,
  tokens: SealedGithubTokens,
  now: number,
): Promise<boolean> {
  const stored = await db
    .updateTable('users')
    .set({ ...columns(tokens), updated_at: now })
    .where('id', '=', userId)
    .where('github_refresh_token_enc', '=', spentRefreshTokenEnc)
    .executeTakeFirst();
  return Number(stored.numUpdatedRows) === 1;
}

/**
 * GitHub refused the user's token or refresh token (the authorization was revoked, the refresh token
 * expired): the tokens are forgotten, so nothing uses them again (the collector reads with someone else's
 * or the App's), and the time is kept, so that auth/ ends the user's sign-ins. True when forgotten now.
 */
export function forgetRevokedGithubTokens(db: Db, userId: string, tokenEnc: string, now: number) {
  return forgetGithubTokens(db, userId, tokenEnc, { updated_at: now, github_access_revoked_at: now });
}

/**
 * The user signed out of their last sign-in: the GitHub App's user token and its refresh token are
 * forgotten (github/user-token.ts deleted them at GitHub first). Not a revocation by GitHub
 * (`github_access_revoked_at` stays), so nothing else ends. True when forgotten now.
 */
export function forgetSignedOutGithubTokens(db: Db, userId: string, tokenEnc: string, now: number) {
  return forgetGithubTokens(db, userId, tokenEnc, { updated_at: now });
}

/**
 * Forgets the user's GitHub tokens only while `tokenEnc` is still the stored token (compare-and-set): a
 * token refreshed or signed in meanwhile stays.
 */
async function forgetGithubTokens(
  db: Db,
  userId: string,
  tokenEnc: string,
  stamps: { updated_at: number; github_access_revoked_at?: number },
): Promise<boolean> {
  const forgotten = await db
    .updateTable('users')
    .set({
      github_token_enc: null,
      github_token_expires_at: null,
      github_refresh_token_enc: null,
      github_refresh_expires_at: null,
      github_refresh_owner: null,
      github_refresh_until: null,
      ...stamps,
    })
    .where('id', '=', userId)
    .where('github_token_enc', '=', tokenEnc)
    .executeTakeFirst();
  return Number(forgotten.numUpdatedRows) === 1;
}

/** "Connect personal boards": the OAuth app's token (sealed) that reads the user's own boards, if connected. */
export async function readPersonalToken(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('github_personal_token_enc')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.github_personal_token_enc ?? null;
}

/** Stores the personal-boards token (sealed), replacing an earlier one. */
export async function storePersonalToken(
  db: Db,
  userId: string,
  tokenEnc: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ github_personal_token_enc: tokenEnc, github_personal_connected_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Forgets the personal-boards token (disconnected, or GitHub no longer takes it). */
export async function forgetPersonalToken(db: Db, userId: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ github_personal_token_enc: null, github_personal_connected_at: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Whether the user signed in through the GitHub App (their token, if any, is an App user token). */
export async function signedInThroughApp(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('github_token_kind')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.github_token_kind === 'github-app';
}
