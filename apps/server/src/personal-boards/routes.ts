import { endpoints, queryString } from '@fluxion/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { githubWithToken } from '../github/for-user.ts';
import { buildAuthorizeUrl, deleteUserToken, exchangeOAuthCode } from '../github/oauth.ts';
import { pendingOAuthCookie, startPendingOAuth, takeOAuthCallback } from '../github/pending-oauth.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { badRequest } from '../http/errors.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { installedOnForUser } from '../installations/user-installations.ts';
import {
  forgetPersonalToken,
  readPersonalToken,
  signedInThroughApp,
  storePersonalToken,
} from '../users/github-tokens.ts';
import { findUser } from '../users/queries.ts';
import { decryptSecret, encryptSecret } from '../users/secret-box.ts';

/**
 * "Connect personal boards" (docs/github.md): a user signed in through the GitHub App reads their own,
 * user-owned boards with the OAuth app's token, since GitHub lets no App token read them. The OAuth app is
 * asked for `read:project` only (never `repo`: items of private repositories stay unreadable and are
 * counted as such). Its callback sits under the OAuth app's registered callback URL, which GitHub accepts
 * for any path below it, so an operator registers nothing more.
 */
export const PERSONAL_SCOPES = ['read:project'];
const REDIRECT = '/manage-projects';

export async function personalBoardsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const redirectUri = () => `${ctx.config.publicUrl}${endpoints.githubPersonalCallback.path}`;
  const rateLimit = authRateLimit(ctx);
  const cookie = () => pendingOAuthCookie(ctx.config.publicUrl, 'personal_oauth');
  const oauthApp = () => ({
    apiUrl: ctx.config.github.apiUrl,
    webUrl: ctx.config.github.webUrl,
    clientType: 'oauth-app' as const,
    clientId: ctx.config.github.clientId,
  });
  const done = (reply: FastifyReply, result: 'connected' | 'failed', message?: string) =>
    reply.redirect(`${REDIRECT}${queryString({ github_personal: result, message })}`);

  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', authenticate(ctx));

    // Which of the App's installations are the user's own is GitHub's word (GET /user/installations): while
    // GitHub fails, none is named, and the rest of the answer (read from Fluxion's records) still holds.
    const installedOn = (request: FastifyRequest & { userId: string }) =>
      installedOnForUser(ctx, request.userId).catch((error: unknown) => {
        request.log.warn(
          { reason: (error as Error).message },
          'could not ask GitHub for the user installations',
        );
        return [];
      });

    registerEndpoint(signedIn, endpoints.githubConnections, async (request) => {
      const viaApp = await signedInThroughApp(ctx.db, request.userId);
      const personal = viaApp ? await readPersonalToken(ctx.db, request.userId) : null;
      return {
        sign_in: viaApp ? ('github_app' as const) : ('oauth_app' as const),
        personal_boards: !viaApp
          ? ('not_needed' as const)
          : personal
            ? ('connected' as const)
            : ('not_connected' as const),
        installed_on: ctx.config.github.app && viaApp ? await installedOn(request) : [],
      };
    });

    registerEndpoint(
      signedIn,
      endpoints.githubPersonalConnect,
      async (request, reply) => {
        if (!(await signedInThroughApp(ctx.db, request.userId)))
          throw badRequest('Your sign-in already reads your personal boards: nothing to connect');
        const pending = startPendingOAuth(reply, cookie(), request.userId);
        const user = await findUser(ctx.db, request.userId);
        const authorizeUrl = buildAuthorizeUrl({
          ...oauthApp(),
          redirectUrl: redirectUri(),
          state: pending.state,
          scopes: PERSONAL_SCOPES,
          codeChallenge: pending.codeChallenge,
          ...(user ? { login: user.username } : {}),
        });
        return { authorize_url: authorizeUrl };
      },
      { config: { rateLimit } },
    );

    registerEndpoint(signedIn, endpoints.githubPersonalDisconnect, async (request, reply) => {
      const sealed = await readPersonalToken(ctx.db, request.userId);
      if (sealed) {
        await deleteUserToken({
          ...oauthApp(),
          clientSecret: ctx.config.github.clientSecret,
          token: decryptSecret(sealed, ctx.config.tokenEncryptionKey),
        }).catch((error: unknown) =>
          request.log.warn(
            { reason: (error as Error).message },
            'could not delete the personal token at GitHub',
          ),
        );
        await forgetPersonalToken(ctx.db, request.userId, ctx.now());
      }
      return reply.status(204).send();
    });
  });

  registerEndpoint(
    app,
    endpoints.githubPersonalCallback,
    async (request, reply) => {
      const { code, error, pending } = takeOAuthCallback(request, reply, cookie(), request.query);
      if (error === 'access_denied')
        return done(reply, 'failed', 'Personal boards were not connected: GitHub access was declined');
      if (error || !pending?.userId || !code) {
        request.log.warn({ error }, 'personal boards callback rejected');
        return done(reply, 'failed', 'Personal boards could not be connected; try again');
      }
      try {
        const answer = await exchangeOAuthCode({
          ...oauthApp(),
          clientSecret: ctx.config.github.clientSecret,
          code,
          redirectUrl: redirectUri(),
          codeVerifier: pending.verifier,
        });
        const [githubUser, user] = await Promise.all([
          githubWithToken(ctx, answer.token).getAuthenticatedUser(),
          findUser(ctx.db, pending.userId),
        ]);
        if (!user || Number(user.github_id) !== Number(githubUser.id)) {
          // Another GitHub account approved: its boards are not this user's to add.
          await deleteUserToken({
            ...oauthApp(),
            clientSecret: ctx.config.github.clientSecret,
            token: answer.token,
          }).catch(() => undefined);
          return done(
            reply,
            'failed',
            `GitHub answered as ${githubUser.login}; connect personal boards as the GitHub user you signed in with`,
          );
        }
        const sealed = encryptSecret(answer.token, ctx.config.tokenEncryptionKey);
        await storePersonalToken(ctx.db, user.id, sealed, ctx.now());
        request.log.info({ userId: user.id }, 'personal boards connected');
        return done(reply, 'connected');
      } catch (failure) {
        request.log.warn({ reason: (failure as Error).message }, 'personal boards connection failed');
        return done(reply, 'failed', 'Personal boards could not be connected; try again');
      }
    },
    { config: { rateLimit } },
  );
}
