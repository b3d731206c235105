import { endpoints, queryString } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { completeSetup, installUrl } from './setup.ts';

/** Where Manage Projects shows the outcome of an App install (its `github_app` and `message` parameters). */
export const SETUP_REDIRECT = '/manage-projects';

/** The GitHub App's install link and its setup URL (docs/github.md, GitHub App). */
export async function githubAppRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerEndpoint(app, endpoints.githubAppSetup, async (request, reply) => {
    const outcome = await completeSetup(ctx, request.query);
    request.log.info(
      { installation: request.query.installation_id, result: outcome.result },
      'github app setup',
    );
    return reply.redirect(
      `${SETUP_REDIRECT}${queryString({ github_app: outcome.result, message: outcome.message })}`,
    );
  });

  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', authenticate(ctx));
    registerEndpoint(signedIn, endpoints.githubAppInstallUrl, async () => ({ install_url: installUrl(ctx) }));
  });
}
