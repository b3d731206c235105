import { endpoints } from '@fluxion/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { unauthorized, upstreamError } from '../http/errors.ts';
import { findUser } from '../users/queries.ts';
import { confirmCheckout } from './checkout-return.ts';
import {
  addBillingManager,
  listOrgPlans,
  orgInvoices,
  setOrgCancelAtPeriodEnd,
  startOrgCheckout,
  startOrgPortal,
} from './team-plan-management.ts';
import { currentPrice, customerInvoices } from './price.ts';
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
  registerEndpoint(app, endpoints.billingPrice, async () => {
    if (ctx.config.stripe.mode === 'off') throw billingUnavailable();
    return currentPrice(billing);
  });
  registerEndpoint(
    app,
    endpoints.invoices,
    async (request) => ({
      invoices: await customerInvoices(billing, (await currentUser(request)).stripe_customer_id),
    }),
    options,
  );
  registerOrgPlanRoutes(app, billing, currentUser, periodEnd);
  await app.register(stripeWebhookRoutes, { billing });
}

/** The team plan's calls: every one but the list answers 403 to a member who does not manage the plan. */
function registerOrgPlanRoutes(
  app: FastifyInstance,
  billing: Billing,
  currentUser: (request: FastifyRequest) => Promise<User>,
  periodEnd: (end: number | null) => number,
) {
  const options = { preHandler: authenticate(billing.ctx) };
  registerEndpoint(
    app,
    endpoints.orgPlans,
    async (request) => ({ plans: await listOrgPlans(billing, await currentUser(request)) }),
    options,
  );
  registerEndpoint(
    app,
    endpoints.orgPlanCheckout,
    async (request) => startOrgCheckout(billing, await currentUser(request), request.params.org),
    options,
  );
  registerEndpoint(
    app,
    endpoints.orgPlanPortal,
    async (request) => startOrgPortal(billing, await currentUser(request), request.params.org),
    options,
  );
  registerEndpoint(
    app,
    endpoints.orgPlanCancel,
    async (request) => {
      const user = await currentUser(request);
      const facts = await setOrgCancelAtPeriodEnd(billing, user, request.params.org, true);
      return { current_period_end: periodEnd(facts.periodEnd) };
    },
    options,
  );
  registerEndpoint(
    app,
    endpoints.orgPlanReactivate,
    async (request) => {
      const user = await currentUser(request);
      const facts = await setOrgCancelAtPeriodEnd(billing, user, request.params.org, false);
      return {
        cancel_at_period_end: facts.cancelAtPeriodEnd,
        current_period_end: periodEnd(facts.periodEnd),
      };
    },
    options,
  );
  registerEndpoint(
    app,
    endpoints.orgPlanInvoices,
    async (request) => orgInvoices(billing, await currentUser(request), request.params.org),
    options,
  );
  registerEndpoint(
    app,
    endpoints.orgPlanManagers,
    async (request) =>
      addBillingManager(billing, await currentUser(request), request.params.org, request.body.login),
    options,
  );
}
