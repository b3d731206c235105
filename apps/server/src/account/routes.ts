import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { perUserRateLimit } from '../http/rate-limit.ts';
import type { OnUntrack } from '../tracked-boards/queries.ts';
import { accountData, accountDeletion, deleteAccount } from './service.ts';

const HOUR_MS = 3_600_000;
/** Downloads and deletion attempts a user may make an hour (each download reads all their data). */
const PER_HOUR = 10;

/** The Account page's "Download my data" and "Delete my account" (docs/api.md, Account). */
export async function accountRoutes(
  app: FastifyInstance,
  { ctx, onUntrack }: { ctx: AppContext; onUntrack: OnUntrack },
) {
  app.addHook('preHandler', authenticate(ctx));
  const rateLimit = perUserRateLimit(PER_HOUR, HOUR_MS);
  registerEndpoint(
    app,
    endpoints.accountData,
    async (request, reply) => {
      const day = new Date(ctx.now()).toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="fluxion-data-${day}.json"`);
      return accountData(ctx, request.userId);
    },
    { config: { rateLimit } },
  );
  registerEndpoint(app, endpoints.accountDeletion, (request) => accountDeletion(ctx, request.userId));
  registerEndpoint(app, endpoints.deleteAccount, (request) => deleteAccount(ctx, request.userId, onUntrack), {
    config: { rateLimit },
  });
}
