import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { RENEWAL, type RenewalStep, renewedByOne, WAIT_FOR_RENEWAL } from '../leases/renewal.ts';
import {
  forgetRevokedGithubTokens,
  forgetSignedOutGithubTokens,
  readGithubTokens,
  releaseRefreshLease,
  type SealedGithubTokens,
  type StoredGithubTokens,
  storeRefreshedTokens,
  takeRefreshLease,
  userIdOfGithubAccount,
} from '../users/github-tokens.ts';
import { decryptSecret, encryptSecret } from '../users/secret-box.ts';
import { createGithubClient } from './client.ts';
import { GithubAuthError, GithubError } from './errors.ts';
import { deleteUserToken, type ExchangedToken, RefreshTokenRefusedError, refreshUserToken } from './oauth.ts';

const WAIT_STEP_MS = 25;

/** The user has no GitHub token Fluxion may use (never had, or GitHub refused it): they must sign in again. */
export class GithubSignInNeededError extends GithubAuthError {}

/** A user's token as used for a call: `sealed` names the stored one (compare-and-set on a 401). */
export type UserToken = { token: string; sealed: string; kind: string | null };

/** Seals a token answer for the users row, dated on the app's clock (`kind` 'github-app': the App's). */
export function sealTokens(
  ctx: AppContext,
  answer: ExchangedToken,
  kind: 'github-app' | null,
  now: number,
): SealedGithubTokens {
  const key = ctx.config.tokenEncryptionKey;
  return {
    tokenEnc: encryptSecret(answer.token, key),
    kind,
    expiresAt: answer.expiresInMs === null ? null : now + answer.expiresInMs,
    refreshTokenEnc: answer.refreshToken === null ? null : encryptSecret(answer.refreshToken, key),
    refreshExpiresAt:
      answer.refreshToken === null || answer.refreshExpiresInMs === null
        ? null
        : now + answer.refreshExpiresInMs,
  };
}

const expiresWithin = (row: StoredGithubTokens, now: number, margin: number) =>
  row.github_token_expires_at !== null && row.github_token_expires_at - now <= margin;

/**
 * The user's GitHub token, refreshed first when it expires within RENEWAL.renewBeforeMs (a GitHub App's user
 * access token; an OAuth app's never expires and is answered as stored). GitHub's refresh tokens are single
 * use, and a refresh ends the old access token, so across requests and processes exactly one use spends it:
 * the one that takes the refresh lease, a compare-and-set on the stored refresh token. The others wait for
 * its new token and read it from the row. A refresh GitHub refuses (authorization revoked, refresh token
 * expired) forgets the tokens (users/github-tokens.ts: the user's sign-ins end) and throws
 * GithubSignInNeededError, as does a user with no token.
 */
export async function userGithubToken(ctx: AppContext, userId: string): Promise<UserToken> {
  return renewedByOne((late) => lookAtUserToken(ctx, userId, late), {
    waitMs: RENEWAL.waitMs,
    stepMs: WAIT_STEP_MS,
    timedOut: () =>
      new GithubError(`Timed out waiting for another process to refresh the GitHub token of ${userId}`),
  });
}

async function lookAtUserToken(
  ctx: AppContext,
  userId: string,
  late: boolean,
): Promise<RenewalStep<UserToken>> {
  const row = await readGithubTokens(ctx.db, userId);
  if (!row?.github_token_enc)
    throw new GithubSignInNeededError('No GitHub access for this user; sign in again');
  const now = ctx.now();
  const current = () => ({
    use: {
      token: decryptSecret(row.github_token_enc as string, ctx.config.tokenEncryptionKey),
      sealed: row.github_token_enc as string,
      kind: row.github_token_kind,
    },
  });
  if (!expiresWithin(row, now, RENEWAL.renewBeforeMs)) return current();
  const refreshable =
    row.github_refresh_token_enc !== null &&
    (row.github_refresh_expires_at === null || row.github_refresh_expires_at > now) &&
    ctx.config.github.app !== null;
  if (!refreshable) {
    // Not renewable here (no refresh token, or it expired, or the App is no longer configured).
    if (!expiresWithin(row, now, 0)) return current();
    return signInNeeded(ctx, userId, row.github_token_enc, 'the GitHub token expired and cannot be renewed');
  }
  const owner = randomUUID();
  const lease = { owner, now, leaseMs: RENEWAL.leaseMs };
  if (await takeRefreshLease(ctx.db, userId, row.github_refresh_token_enc as string, lease)) {
    return { use: await refresh(ctx, row, owner) };
  }
  // Another use spends the refresh token now, which ends this token at GitHub: wait for the new one.
  if (late && !expiresWithin(row, now, 0)) return current();
  return WAIT_FOR_RENEWAL;
}

async function refresh(ctx: AppContext, row: StoredGithubTokens, owner: string): Promise<UserToken> {
  const app = ctx.config.github.app;
  const spent = row.github_refresh_token_enc as string;
  let answer: ExchangedToken;
  try {
    if (!app) throw new GithubError('No GitHub App is configured');
    answer = await refreshUserToken({
      apiUrl: ctx.config.github.apiUrl,
      webUrl: ctx.config.github.webUrl,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      refreshToken: decryptSecret(spent, ctx.config.tokenEncryptionKey),
    });
  } catch (error) {
    if (error instanceof RefreshTokenRefusedError) {
      return signInNeeded(ctx, row.id, row.github_token_enc as string, 'GitHub refused to renew the token');
    }
    await releaseRefreshLease(ctx.db, row.id, owner).catch(() => undefined);
    throw error;
  }
  const now = ctx.now();
  const sealed = sealTokens(ctx, answer, 'github-app', now);
  // False only when a sign-in replaced the row meanwhile: that token is as good, and this one works too.
  await storeRefreshedTokens(ctx.db, row.id, spent, sealed, now);
  return { token: answer.token, sealed: sealed.tokenEnc, kind: 'github-app' };
}

/** GitHub will not take the user's token any more: forgotten (their sign-ins end), and the caller is told. */
async function signInNeeded(ctx: AppContext, userId: string, tokenEnc: string, why: string): Promise<never> {
  if (await forgetRevokedGithubTokens(ctx.db, userId, tokenEnc, ctx.now())) {
    ctx.log?.warn({ userId, reason: why }, 'GitHub access of a user ended; their sign-ins end');
  }
  throw new GithubSignInNeededError(`${why}; sign in again`);
}

/**
 * A call with a GitHub App user token was answered 401 (Bad credentials). When the stored token is no
 * longer the one used (refreshed or signed in meanwhile: a refresh ends the old token at GitHub), the new
 * one is answered for one more try. Otherwise the authorization was revoked: the tokens are forgotten
 * (compare-and-set on the token used) and null is answered.
 */
export async function afterBadCredentials(
  ctx: AppContext,
  userId: string,
  used: UserToken,
): Promise<UserToken | null> {
  const row = await readGithubTokens(ctx.db, userId);
  if (row?.github_token_enc && row.github_token_enc !== used.sealed) {
    return userGithubToken(ctx, userId).catch(() => null);
  }
  if (await forgetRevokedGithubTokens(ctx.db, userId, used.sealed, ctx.now())) {
    ctx.log?.warn({ userId }, 'GitHub answered Bad credentials to a user token; their sign-ins end');
  }
  return null;
}

/**
 * The user signed out of their last sign-in: a GitHub App user token is deleted at GitHub (with its
 * refresh token) and forgotten here, so no token of theirs outlives their sign-ins. Boards it read are then
 * read by the App's installation or another tracker, or wait for a sign-in (collector/readers.ts). An OAuth
 * app's token is kept: it is what reads the user's boards while nobody is signed in (OAuth-app mode). A
 * GitHub that cannot be reached is logged and the token forgotten anyway.
 */
export async function signOutGithubToken(ctx: AppContext, userId: string): Promise<void> {
  const app = ctx.config.github.app;
  const row = await readGithubTokens(ctx.db, userId);
  if (!app || !row?.github_token_enc || row.github_token_kind !== 'github-app') return;
  try {
    await deleteUserToken({
      clientType: 'github-app',
      apiUrl: ctx.config.github.apiUrl,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      token: decryptSecret(row.github_token_enc, ctx.config.tokenEncryptionKey),
    });
  } catch (error) {
    ctx.log?.warn(
      { userId, reason: (error as Error).message },
      'could not delete the GitHub token at sign-out',
    );
  }
  await forgetSignedOutGithubTokens(ctx.db, userId, row.github_token_enc, ctx.now());
}

/**
 * GitHub says (`github_app_authorization` revoked) that a user revoked the App's authorization. GitHub is
 * asked whether their App token still works, the payload never believed alone, so a late delivery (after
 * they signed in again) ends nothing. A token GitHub refuses is forgotten as any refused token is: the
 * user's sign-ins end and they must sign in again; the boards it read are read by the App's installation
 * or another tracker meanwhile (collector/readers.ts). Answers what was done.
 */
export async function endRevokedAuthorization(ctx: AppContext, githubId: number): Promise<string> {
  const userId = await userIdOfGithubAccount(ctx.db, githubId);
  const row = userId ? await readGithubTokens(ctx.db, userId) : undefined;
  if (!userId || !row) return 'ignored: not a Fluxion user';
  if (row.github_token_kind !== 'github-app' || !row.github_token_enc)
    return 'ignored: no App token of theirs';
  let used: UserToken;
  try {
    used = await userGithubToken(ctx, userId);
  } catch (error) {
    if (error instanceof GithubSignInNeededError) return 'authorization revoked: sign-in needed';
    throw error;
  }
  try {
    await createGithubClient({
      apiUrl: ctx.config.github.apiUrl,
      token: used.token,
      retries: 1,
    }).getAuthenticatedUser();
    return 'authorization current: kept';
  } catch (error) {
    if (!(error instanceof GithubAuthError)) throw error;
    const renewed = await afterBadCredentials(ctx, userId, used);
    return renewed ? 'authorization current: kept' : 'authorization revoked: sign-in needed';
  }
}
