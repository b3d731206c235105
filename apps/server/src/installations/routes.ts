import { endpoints, queryString } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { authRateLimit, perUserRateLimit } from '../http/rate-limit.ts';
import { confirmInstall, installUrl, REQUESTED } from './setup.ts';

/** Where Manage Projects shows the outcome of an App install (its `github_app` and `message` parameters). */
export const SETUP_REDIRECT = '/manage-projects';

/** An install is rare: a user confirming more than this many an hour is refused (429), sparing GitHub. */
const CONFIRMS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/**
 * The GitHub App's install link, its setup URL and the confirmation of an install (docs/github.md, GitHub
 * App). The setup URL is where GitHub sends the browser, without our sign-in: it only passes the
 * installation on to Manage Projects, where the signed-in user's browser confirms it.
 */
export async function githubAppRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerEndpoint(
    app,
    endpoints.githubAppSetup,
    async (request, reply) => {
      const { installation_id: installation, setup_action: action } = request.query;
      const next =
        action === 'request'
          ? { github_app: REQUESTED.result, message: REQUESTED.message }
          : installation
            ? { github_app_installation: installation }
            : {
                github_app: 'failed',
                message: 'GitHub did not say which installation was made; try installing again.',
              };
      return reply.redirect(`${SETUP_REDIRECT}${queryString(next)}`);
    },
    { config: { rateLimit: authRateLimit(ctx) } },
  );

  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', authenticate(ctx));
    registerEndpoint(signedIn, endpoints.githubAppInstallUrl, async () => ({ install_url: installUrl(ctx) }));
    registerEndpoint(
      signedIn,
      endpoints.githubAppConfirmInstall,
      async (request) => {
        const id = Number(request.body.installation_id);
        const outcome = await confirmInstall(ctx, request.userId, id);
        request.log.info({ installation: id, result: outcome.result }, 'github app install confirmed');
        return outcome;
      },
      { config: { rateLimit: perUserRateLimit(CONFIRMS_PER_HOUR, HOUR_MS) } },
    );
  });
}
