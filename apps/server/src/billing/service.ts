import Stripe from 'stripe';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { conflict, upstreamError } from '../http/errors.ts';
import { findUser, forgetCustomer, rememberCustomer, writeSubscription } from '../users/queries.ts';
import { type SubscriptionFacts, shouldApply, userSubscription } from './status.ts';
import { memberOrgs } from '../github/org-membership.ts';
import { findCoveringTeamPlan } from './team-plan.ts';
import { isActiveUser } from '../users/subscription.ts';
import { callStripe, createStripeClient, subscriptionFacts } from './stripe-client.ts';

export type Billing = { ctx: AppContext; stripe: Stripe };
export type ApplyResult = 'applied' | 'ignored';

/** What one try of `untilUnchanged` answers when the row it read changed before its write. */
export const CHANGED = Symbol('changed');

/**
 * Runs `tryOnce` (read the row, then Stripe, then write while the row is as read) until it did not meet a
 * change made meanwhile; after a few tries throws, so that the event fails and Stripe delivers it again.
 * An event's read of Stripe can be older than a change made during it: the cancel's event, read before the
 * user reactivated and written after, said "cancels at the period end" again (billing/events.ts).
 */
export async function untilUnchanged<R>(
  subscriptionId: string,
  tryOnce: () => Promise<R | typeof CHANGED>,
): Promise<R> {
  for (let attempt = 0; attempt < APPLY_ATTEMPTS; attempt++) {
    const result = await tryOnce();
    if (result !== CHANGED) return result;
  }
  throw new Error(`subscription ${subscriptionId} changed ${APPLY_ATTEMPTS} times while it was applied`);
}

const APPLY_ATTEMPTS = 3;

const PAID = ['active', 'past_due'];
const APP_GRANTED = ['trial', 'pilot'];
/** Stripe refuses a Checkout trial ending within 48 hours; an hour more covers the clocks' drift. */
const SHORTEST_TRIAL_MS = 49 * 60 * 60 * 1000;

/**
 * The days left of the app's own trial (or pilot) carry over: Stripe bills when they end, not at checkout.
 * Too few left for Stripe to accept a trial: billing starts now.
 */
export function trialEndForCheckout(user: User, now: number): number | undefined {
  if (!APP_GRANTED.includes(user.subscription_status)) return undefined;
  return stripeTrialEnd(user.subscription_end, now);
}

/** A trial that ends then, in Stripe's Unix seconds, when Stripe accepts it as a trial. */
export function stripeTrialEnd(end: number | null, now: number): number | undefined {
  if (end === null) return undefined;
  return end - now >= SHORTEST_TRIAL_MS ? Math.floor(end / 1000) : undefined;
}

/** Writes a subscription's state to the user when the rules say it is theirs. */
export async function applySubscription(
  ctx: AppContext,
  user: User,
  facts: SubscriptionFacts,
): Promise<ApplyResult> {
  if (!shouldApply(user, facts)) return 'ignored';
  await writeSubscription(ctx.db, user.id, userSubscription(facts), ctx.now());
  return 'applied';
}

/** The user's Stripe customer: the remembered one while Stripe still has it, else a new one. */
async function customerFor(billing: Billing, user: User): Promise<string> {
  const { ctx, stripe } = billing;
  if (user.stripe_customer_id) {
    const known = await stripe.customers.retrieve(user.stripe_customer_id).catch((error: unknown) => {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return null;
      throw upstreamError(`Stripe: ${(error as Error).message}`);
    });
    if (known && !known.deleted) return known.id;
    await forgetCustomer(ctx.db, user.id);
  }
  const created = await callStripe(() =>
    stripe.customers.create({
      name: user.username,
      metadata: { user_id: user.id, github_login: user.username },
    }),
  );
  await rememberCustomer(ctx.db, user.id, created.id, ctx.now());
  return (await findUser(ctx.db, user.id))?.stripe_customer_id ?? created.id;
}

/**
 * One plan per person: a member whom a bought team plan covers (and goes on covering) is told so before any
 * charge, and no personal checkout starts. A team plan in its free trial, or cancelled at its period end,
 * does not stop anyone from buying their own.
 */
async function refuseWhileCovered(ctx: AppContext, user: User): Promise<void> {
  const now = ctx.now();
  const teamPlan = await findCoveringTeamPlan(ctx.db, user.id, now, (orgs) => memberOrgs(ctx, user.id, orgs));
  if (!teamPlan || teamPlan.status === 'trial' || teamPlan.cancelAtPeriodEnd) return;
  const managers = teamPlan.managers.map((login) => `@${login}`).join(', ');
  throw conflict(
    `The ${teamPlan.org} team plan already covers you${managers ? ` (managed by ${managers})` : ''}: ` +
      'a personal plan would be charged on top of it, so none was started and nothing was charged. ' +
      'Should the team plan end, buy your own then.',
  );
}

export async function startCheckout(billing: Billing, user: User): Promise<{ id: string; url: string }> {
  const { ctx, stripe } = billing;
  const paying = PAID.includes(user.subscription_status);
  if (paying && isActiveUser(user.subscription_status, user.subscription_end, ctx.now())) {
    throw conflict('The subscription is already active');
  }
  await refuseWhileCovered(ctx, user);
  const customer = await customerFor(billing, user);
  const base = ctx.config.publicUrl;
  const trial_end = trialEndForCheckout(user, ctx.now());
  const session = await callStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: ctx.config.stripe.priceId, quantity: 1 }],
      // Stripe fills in the session id: the return page applies the session at once (billing/events.ts).
      success_url: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${base}/payment-cancelled`,
      metadata: { user_id: user.id },
      subscription_data: { metadata: { user_id: user.id }, ...(trial_end ? { trial_end } : {}) },
    }),
  );
  if (!session.url) throw upstreamError('Stripe answered a checkout session without a URL');
  return { id: session.id, url: session.url };
}

export async function startPortal(billing: Billing, user: User): Promise<{ url: string }> {
  const customer = user.stripe_customer_id;
  if (!customer) throw conflict('There is no billing account to manage yet');
  const return_url = `${billing.ctx.config.publicUrl}/account`;
  const portal = await callStripe(() =>
    billing.stripe.billingPortal.sessions.create({ customer, return_url }),
  );
  return { url: portal.url };
}

/** Cancel (true) or reactivate (false) at the end of the period; answers the subscription as Stripe has it now. */
export async function setCancelAtPeriodEnd(
  billing: Billing,
  user: User,
  cancel: boolean,
): Promise<SubscriptionFacts> {
  const id = user.stripe_subscription_id;
  if (!id || !PAID.includes(user.subscription_status)) {
    throw conflict(
      cancel ? 'There is no active subscription to cancel' : 'There is no subscription to reactivate',
    );
  }
  const sub = await callStripe(() =>
    billing.stripe.subscriptions.update(id, { cancel_at_period_end: cancel }),
  );
  const facts = subscriptionFacts(sub);
  await applySubscription(billing.ctx, user, facts);
  return facts;
}

/**
 * The account is being deleted: its personal plan is cancelled at the end of the period already paid (no
 * further charge; Stripe keeps the invoices, as the law asks). Answers when it ends, or null when there is
 * no paid plan. Stripe failing throws, so that nothing is deleted before the plan is stopped.
 */
export async function cancelPlanOfDeletedAccount(ctx: AppContext, user: User): Promise<number | null> {
  const id = user.stripe_subscription_id;
  if (!id || !PAID.includes(user.subscription_status) || ctx.config.stripe.mode === 'off') return null;
  if (user.cancel_at_period_end === 1) return user.subscription_end;
  const stripe = createStripeClient(ctx.config.stripe);
  const sub = await callStripe(() => stripe.subscriptions.update(id, { cancel_at_period_end: true }));
  return userSubscription(subscriptionFacts(sub)).subscription_end;
}
