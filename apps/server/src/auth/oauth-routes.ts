import { randomBytes, timingSafeEqual } from 'node:crypto';
import { endpoints } from '@fluxion/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { githubWithToken } from '../github/for-user.ts';
import { buildAuthorizeUrl, createPkcePair, exchangeOAuthCode } from '../github/oauth.ts';
import { sealTokens } from '../github/user-token.ts';
import { storeSignInTokens } from '../users/github-tokens.ts';
import { upsertGithubUser } from '../users/queries.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { SIGNED_IN_REDIRECT, setHandoffCookie } from './handoff.ts';
import { createHandoffToken } from './refresh-tokens.ts';
import { endUserSessions, startSession } from './sessions.ts';

const STATE_COOKIE = 'oauth_state';
const CALLBACK_PATH = endpoints.oauthCallback.path;

type PendingLogin = { state: string; verifier: string };

export async function oauthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Read per request: the public URL may only be known once the server listens (a random port).
  const redirectUri = () => `${ctx.config.publicUrl}${CALLBACK_PATH}`;
  const cookiePath = '/accounts/github/';
  const rateLimit = authRateLimit(ctx);
  // With a GitHub App configured, users sign in through it (its client id and secret, no scopes): their
  // user access tokens expire and are refreshed (github/user-token.ts). Otherwise the OAuth app's.
  const signInClient = () => {
    const githubApp = ctx.config.github.app;
    return githubApp?.signIn
      ? {
          clientType: 'github-app' as const,
          clientId: githubApp.clientId,
          clientSecret: githubApp.clientSecret,
        }
      : {
          clientType: 'oauth-app' as const,
          clientId: ctx.config.github.clientId,
          clientSecret: ctx.config.github.clientSecret,
        };
  };

  registerEndpoint(
    app,
    endpoints.signIn,
    async (request, reply) => {
      const pkce = createPkcePair();
      const pending: PendingLogin = { state: randomBytes(32).toString('base64url'), verifier: pkce.verifier };
      reply.setCookie(STATE_COOKIE, JSON.stringify(pending), {
        path: cookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.publicUrl.startsWith('https:'),
        signed: true,
        maxAge: 600,
      });
      const url = buildAuthorizeUrl({
        apiUrl: ctx.config.github.apiUrl,
        webUrl: ctx.config.github.webUrl,
        clientType: signInClient().clientType,
        clientId: signInClient().clientId,
        redirectUrl: redirectUri(),
        state: pending.state,
        codeChallenge: pkce.challenge,
        ...(request.query.login ? { login: request.query.login } : {}),
      });
      return reply.redirect(url);
    },
    { config: { rateLimit } },
  );

  registerEndpoint(
    app,
    endpoints.oauthCallback,
    async (request, reply) => {
      const pending = readPendingLogin(request.unsignCookie(request.cookies[STATE_COOKIE] ?? ''));
      reply.clearCookie(STATE_COOKIE, { path: cookiePath });
      const { code, state, error } = request.query;
      if (error === 'access_denied') {
        request.log.info('sign-in cancelled on GitHub');
        return fail(reply);
      }
      if (error) {
        request.log.warn({ error }, 'GitHub refused the sign-in');
        return fail(reply);
      }
      if (!pending || !code || !state || !sameSecret(state, pending.state)) {
        request.log.warn('OAuth callback rejected: state missing or mismatched');
        return fail(reply);
      }
      try {
        const client = signInClient();
        const answer = await exchangeOAuthCode({
          apiUrl: ctx.config.github.apiUrl,
          webUrl: ctx.config.github.webUrl,
          ...client,
          code,
          redirectUrl: redirectUri(),
          codeVerifier: pending.verifier,
        });
        const githubUser = await githubWithToken(ctx, answer.token).getAuthenticatedUser();
        const now = ctx.now();
        const sealed = sealTokens(ctx, answer, client.clientType === 'github-app' ? 'github-app' : null, now);
        const user = await upsertGithubUser(
          ctx.db,
          {
            githubId: githubUser.id,
            login: githubUser.login,
            avatarUrl: githubUser.avatar_url || null,
            tokenEnc: sealed.tokenEnc,
          },
          now,
        );
        // GitHub had revoked the user's access: the sign-ins of before stay ended once access is back.
        if (user.github_access_revoked_at !== null) await endUserSessions(ctx.db, user.id, now);
        await storeSignInTokens(ctx.db, user.id, sealed, now);
        const session = { userId: user.id, sessionId: await startSession(ctx.db, user.id, now) };
        const handoff = await createHandoffToken(ctx.db, session, now);
        setHandoffCookie(ctx, reply, handoff.token);
        request.log.info({ userId: user.id }, 'signed in with GitHub');
        return reply.redirect(SIGNED_IN_REDIRECT);
      } catch (error) {
        request.log.warn({ reason: (error as Error).message }, 'OAuth sign-in failed');
        return fail(reply);
      }
    },
    { config: { rateLimit } },
  );
}

function fail(reply: FastifyReply) {
  return reply.redirect('/login?error=oauth_failed');
}

function readPendingLogin(unsigned: { valid: boolean; value: string | null }): PendingLogin | null {
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = JSON.parse(unsigned.value) as Partial<PendingLogin>;
    return typeof parsed.state === 'string' && typeof parsed.verifier === 'string'
      ? { state: parsed.state, verifier: parsed.verifier }
      : null;
  } catch {
    return null;
  }
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
