import { issueAccessToken } from '../auth/access-tokens.ts';
import { encryptSecret } from '../users/secret-box.ts';
import { createRefreshToken } from '../auth/refresh-tokens.ts';
import { startSession } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { sealTokens } from '../github/user-token.ts';
import { storeSignInTokens } from '../users/github-tokens.ts';
import { upsertGithubUser } from '../users/queries.ts';

let nextGithubId = 9_000_000;

/** A signed-in user with a session, as if they had completed the OAuth flow. */
export async function signedInUser(
  ctx: AppContext,
  login = `user${nextGithubId}`,
  tokenEnc = 'none',
  /** The account's GitHub id (a webhook's `sender.id`); by default a new one per call. */
  githubId?: number,
): Promise<{
  user: User;
  sessionId: string;
  access: string;
  refresh: string;
  auth: { authorization: string };
}> {
  const now = ctx.now();
  const user = await upsertGithubUser(
    ctx.db,
    { githubId: githubId ?? nextGithubId++, login, avatarUrl: null, tokenEnc },
    now,
  );
  const session = { userId: user.id, sessionId: await startSession(ctx.db, user.id, now) };
  const access = await issueAccessToken({ ...session, secret: ctx.config.jwtSecret, now });
  const refresh = await createRefreshToken(ctx.db, session, now);
  return {
    user,
    sessionId: session.sessionId,
    access,
    refresh: refresh.token,
    auth: { authorization: `Bearer ${access}` },
  };
}

/**
 * A signed-in user whose stored GitHub token is a real simulator token for `login`, so project and
 * GitHub-lookup calls reach the simulator as that GitHub user.
 */
export async function signedInGithubUser(
  ctx: AppContext,
  sim: { createToken(login: string, scopes?: string[]): string },
  login: string,
  scopes?: string[],
): Promise<{
  user: User;
  sessionId: string;
  access: string;
  refresh: string;
  auth: { authorization: string };
  githubToken: string;
}> {
  const githubToken = sim.createToken(login, scopes);
  const session = await signedInUser(ctx, login, encryptSecret(githubToken, ctx.config.tokenEncryptionKey));
  return { ...session, githubToken };
}

/**
 * A signed-in user whose stored GitHub token is a user access token of the simulator's GitHub App (as a
 * sign-in through the App leaves it): it reads what the user may see intersected with the App's
 * installations, which is how GitHub lets a token without `repo` see private content.
 */
export async function signedInAppUser(
  ctx: AppContext,
  sim: { url: string },
  login: string,
  githubId?: number,
): Promise<{ user: User; access: string; auth: { authorization: string }; githubToken: string }> {
  const response = await fetch(`${sim.url}/_sim/app/user-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login }),
  });
  if (!response.ok) throw new Error(`App user token for ${login}: ${response.status}`);
  const answer = (await response.json()) as {
    access_token: string;
    expires_in: number;
    refresh_token: string;
    refresh_token_expires_in: number;
  };
  const sealed = sealTokens(
    ctx,
    {
      token: answer.access_token,
      scopes: [],
      expiresInMs: answer.expires_in * 1000,
      refreshToken: answer.refresh_token,
      refreshExpiresInMs: answer.refresh_token_expires_in * 1000,
    },
    'github-app',
    ctx.now(),
  );
  const session = await signedInUser(ctx, login, sealed.tokenEnc, githubId);
  await storeSignInTokens(ctx.db, session.user.id, sealed, ctx.now());
  return { ...session, githubToken: answer.access_token };
}
