import {
  cancelSubscriptionResponseSchema,
  checkoutSessionResponseSchema,
  confirmCheckoutRequestSchema,
  profileSchema,
} from '@fluxion/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { unauthorized, upstreamError } from '../http/errors.ts';
import { findUser } from '../users/queries.ts';
import { confirmCheckout } from './checkout-return.ts';
import { type Billing, setCancelAtPeriodEnd, startCheckout, startPortal } from './service.ts';
import { billingUnavailable, createStripeClient } from './stripe-client.ts';
import { stripeWebhookRoutes } from './webhook-routes.ts';

const portalResponseSchema = z.object({ url: z.string() });
const reactivateResponseSchema = z.object({
  cancel_at_period_end: z.boolean(),
  current_period_end: z.number(),
});

/** The Account page's billing calls (spec §7) and Stripe's webhook. */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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

  app.post(
    '/api/create-checkout-session/',
    { preHandler, schema: { response: { 200: checkoutSessionResponseSchema } } },
    async (request) => startCheckout(billing, await currentUser(request)),
  );
  app.post(
    '/api/confirm-checkout-session/',
    { preHandler, schema: { body: confirmCheckoutRequestSchema, response: { 200: profileSchema } } },
    async (request) => confirmCheckout(billing, await currentUser(request), request.body.session_id),
  );
  app.post(
    '/api/create-portal-session/',
    { preHandler, schema: { response: { 200: portalResponseSchema } } },
    async (request) => startPortal(billing, await currentUser(request)),
  );
  app.post(
    '/api/cancel-subscription/',
    { preHandler, schema: { response: { 200: cancelSubscriptionResponseSchema } } },
    async (request) => {
      const facts = await setCancelAtPeriodEnd(billing, await currentUser(request), true);
      return { current_period_end: periodEnd(facts.periodEnd) };
    },
  );
  app.post(
    '/api/reactivate-subscription/',
    { preHandler, schema: { response: { 200: reactivateResponseSchema } } },
    async (request) => {
      const facts = await setCancelAtPeriodEnd(billing, await currentUser(request), false);
      return {
        cancel_at_period_end: facts.cancelAtPeriodEnd,
        current_period_end: periodEnd(facts.periodEnd),
      };
    },
  );
  await app.register(stripeWebhookRoutes, { billing });
};
