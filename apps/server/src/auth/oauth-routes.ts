import { endpoints } from '@fluxion/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { githubWithToken } from '../github/for-user.ts';
import { buildAuthorizeUrl, exchangeOAuthCode } from '../github/oauth.ts';
import { pendingOAuthCookie, startPendingOAuth, takeOAuthCallback } from '../github/pending-oauth.ts';
import { sealTokens } from '../github/user-token.ts';
import { storeSignInTokens } from '../users/github-tokens.ts';
import { upsertGithubUser } from '../users/queries.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { SIGNED_IN_REDIRECT, setHandoffCookie } from './handoff.ts';
import { createHandoffToken } from './refresh-tokens.ts';
import { endUserSessions, startSession } from './sessions.ts';

const CALLBACK_PATH = endpoints.oauthCallback.path;

export async function oauthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Read per request: the public URL may only be known once the server listens (a random port).
  const redirectUri = () => `${ctx.config.publicUrl}${CALLBACK_PATH}`;
  const cookie = () => pendingOAuthCookie(ctx.config.publicUrl, 'oauth_state');
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
      const pending = startPendingOAuth(reply, cookie());
      const url = buildAuthorizeUrl({
        apiUrl: ctx.config.github.apiUrl,
        webUrl: ctx.config.github.webUrl,
        clientType: signInClient().clientType,
        clientId: signInClient().clientId,
        redirectUrl: redirectUri(),
        state: pending.state,
        codeChallenge: pending.codeChallenge,
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
      const { code, error, pending } = takeOAuthCallback(request, reply, cookie(), request.query);
      if (error === 'access_denied') {
        request.log.info('sign-in cancelled on GitHub');
        return fail(reply);
      }
      if (error) {
        request.log.warn({ error }, 'GitHub refused the sign-in');
        return fail(reply);
      }
      if (!pending || !code) {
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
