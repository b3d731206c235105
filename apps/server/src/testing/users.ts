import { issueAccessToken } from '../auth/access-tokens.ts';
import { encryptSecret } from '../users/secret-box.ts';
import { createRefreshToken } from '../auth/refresh-tokens.ts';
import { startSession } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { upsertGithubUser } from '../users/queries.ts';

let nextGithubId = 9_000_000;

/** A signed-in user with a session, as if they had completed the OAuth flow. */
export async function signedInUser(
  ctx: AppContext,
  login = `user${nextGithubId}`,
  tokenEnc = 'none',
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
    { githubId: nextGithubId++, login, avatarUrl: null, tokenEnc },
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
  access: string;
  refresh: string;
  auth: { authorization: string };
  githubToken: string;
}> {
  const githubToken = sim.createToken(login, scopes);
  const session = await signedInUser(ctx, login, encryptSecret(githubToken, ctx.config.tokenEncryptionKey));
  return { ...session, githubToken };
}
