import { endpoints } from '@fluxion/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { unauthorized, upstreamError } from '../http/errors.ts';
import { findUser } from '../users/queries.ts';
import { confirmCheckout } from './checkout-return.ts';
import { type Billing, setCancelAtPeriodEnd, startCheckout, startPortal } from './service.ts';
import { billingUnavailable, createStripeClient } from './stripe-client.ts';
import { stripeWebhookRoutes } from './webhook-routes.ts';

/** The Account page's billing calls (docs/api.md, Billing) and Stripe's webhook. */
export async function billingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const billing: Billing = { ctx, stripe: createStripeClient(ctx.config.stripe) };
  const preHandler = authenticate(ctx);
  const currentUser = async (request: FastifyRequest): Promise<User> => {
    if (ctx.config.stripe.mode === 'off') throw billingUnavailable();
    const user = await findUser(ctx.db, request.userId);
    if (!user) throw unauthorized('User no longer exists');
    return user;
  };
  const periodEnd = (end: number | null) => {
    if (end === null) throw upstreamError('Stripe answered a subscription without a period');
    return end;
  };

  const options = { preHandler };
  registerEndpoint(
    app,
    endpoints.createCheckoutSession,
    async (request) => startCheckout(billing, await currentUser(request)),
    options,
  );
  registerEndpoint(
    app,
    endpoints.confirmCheckoutSession,
    async (request) => confirmCheckout(billing, await currentUser(request), request.body.session_id),
    options,
  );
  registerEndpoint(
    app,
    endpoints.createPortalSession,
    async (request) => startPortal(billing, await currentUser(request)),
    options,
  );
  registerEndpoint(
    app,
    endpoints.cancelSubscription,
    async (request) => {
      const facts = await setCancelAtPeriodEnd(billing, await currentUser(request), true);
      return { current_period_end: periodEnd(facts.periodEnd) };
    },
    options,
  );
  registerEndpoint(
    app,
    endpoints.reactivateSubscription,
    async (request) => {
      const facts = await setCancelAtPeriodEnd(billing, await currentUser(request), false);
      return {
        cancel_at_period_end: facts.cancelAtPeriodEnd,
        current_period_end: periodEnd(facts.periodEnd),
      };
    },
    options,
  );
  await app.register(stripeWebhookRoutes, { billing });
}
