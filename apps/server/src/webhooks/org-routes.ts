import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { unauthorized } from '../http/errors.ts';
import { perUserRateLimit } from '../http/rate-limit.ts';
import { findUser } from '../users/queries.ts';
import { describeOrgWebhook, setOrgWebhookSecret } from './org-secrets.ts';

/** A secret is set once per organization, seldom: more than this many an hour per user is refused (429). */
const SECRETS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/** An organization's own webhook: how to set it up, and its secret (docs/github.md, "Organization webhooks"). */
export async function orgWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('preHandler', authenticate(ctx));
  const signedInUser = async (userId: string) => {
    const user = await findUser(ctx.db, userId);
    if (!user) throw unauthorized('User no longer exists');
    return user;
  };
  registerEndpoint(app, endpoints.orgWebhook, async (request) =>
    describeOrgWebhook(ctx, await signedInUser(request.userId), request.params.org),
  );
  registerEndpoint(
    app,
    endpoints.setOrgWebhookSecret,
    async (request) => {
      const user = await signedInUser(request.userId);
      const answer = await setOrgWebhookSecret(ctx, user, request.params.org, request.body.secret);
      request.log.info({ org: request.params.org, setBy: user.username }, 'organization webhook secret set');
      return answer;
    },
    { config: { rateLimit: perUserRateLimit(SECRETS_PER_HOUR, HOUR_MS) } },
  );
}
