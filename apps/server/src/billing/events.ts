import type Stripe from 'stripe';
import type { User } from '../db/schema.ts';
import { findUser, rememberCustomer, writeSubscriptionIfUnchanged } from '../users/queries.ts';
import { applyLatestOrgSubscription, applyOrgSubscription, syncSeats } from './team-plan-management.ts';
import { findOrgPlan, findOrgPlanByCustomer, rememberOrgCustomer } from './org-queries.ts';
import { findUserByCustomer } from './queries.ts';
import { type ApplyResult, type Billing, CHANGED, untilUnchanged } from './service.ts';
import { shouldApply, userSubscription } from './status.ts';
import { callStripe, idOf, subscriptionFacts } from './stripe-client.ts';

export type EventResult = ApplyResult | 'unknown_user';

/** The user an object belongs to: by Stripe customer, else by the user id we put in its metadata. */
async function ownerOf(
  billing: Billing,
  customerId: string | null,
  userId: string | undefined,
): Promise<User | undefined> {
  const byCustomer = customerId ? await findUserByCustomer(billing.ctx.db, customerId) : undefined;
  return byCustomer ?? (userId ? await findUser(billing.ctx.db, userId) : undefined);
}

/**
 * A completed Checkout session, read from Stripe, applied to the user who started it: the webhook and the
 * buyer's return to `success_url` both call this, in either order, with the same result.
 */
export async function applyCheckoutSession(
  billing: Billing,
  session: Stripe.Checkout.Session,
): Promise<EventResult> {
  const org = session.metadata?.org_login;
  if (org) return applyOrgCheckout(billing, org, session);
  const userId = session.client_reference_id ?? session.metadata?.user_id;
  const user = userId ? await findUser(billing.ctx.db, userId) : undefined;
  if (!user) return 'unknown_user';
  const customer = idOf(session.customer);
  if (customer) await rememberCustomer(billing.ctx.db, user.id, customer, billing.ctx.now());
  const subscription = idOf(session.subscription);
  if (session.status !== 'complete' || !subscription) return 'ignored';
  const current = (await findUser(billing.ctx.db, user.id)) ?? user;
  return syncOwnedSubscription(billing, subscription, current);
}

/** A completed Checkout of an organization's team plan: its customer and subscription become the plan's. */
async function applyOrgCheckout(
  billing: Billing,
  org: string,
  session: Stripe.Checkout.Session,
): Promise<EventResult> {
  const { ctx } = billing;
  if (!(await findOrgPlan(ctx.db, org))) return 'unknown_user';
  const customer = idOf(session.customer);
  if (customer) await rememberOrgCustomer(ctx.db, org, customer, ctx.now());
  const subscription = idOf(session.subscription);
  if (session.status !== 'complete' || !subscription) return 'ignored';
  const sub = await callStripe(() => billing.stripe.subscriptions.retrieve(subscription));
  return applyOrgSubscription(billing, org, sub);
}

/**
 * An event of an organization's subscription: applied, then the seats recounted, so a renewal's new period
 * starts with the members active now (a no-op when Stripe's quantity already matches).
 */
async function applyOrgEvent(billing: Billing, org: string, subscriptionId: string): Promise<EventResult> {
  const result = await applyLatestOrgSubscription(billing, org, subscriptionId);
  if (result === 'applied') await syncSeats(billing, org);
  return result;
}

/** The organization a subscription is for: named in its metadata, or found by its customer. */
async function orgOf(billing: Billing, sub: Stripe.Subscription): Promise<string | undefined> {
  const named = sub.metadata?.org_login;
  if (named) return named;
  const customer = idOf(sub.customer);
  return customer ? (await findOrgPlanByCustomer(billing.ctx.db, customer))?.org_login : undefined;
}

/** Reads the subscription as Stripe has it now and applies it to its owner (given, or found by customer). */
async function syncOwnedSubscription(
  billing: Billing,
  subscriptionId: string,
  owner?: User,
): Promise<EventResult> {
  if (owner) return applyLatest(billing, owner.id, subscriptionId);
  const sub = await callStripe(() => billing.stripe.subscriptions.retrieve(subscriptionId));
  const org = await orgOf(billing, sub);
  if (org) return applyOrgEvent(billing, org, subscriptionId);
  const user = await ownerOf(billing, idOf(sub.customer), sub.metadata?.user_id);
  if (!user) return 'unknown_user';
  return applyLatest(billing, user.id, subscriptionId);
}

/** The subscription as Stripe has it after the user's row was read, written only if the row is still as read. */
function applyLatest(billing: Billing, userId: string, subscriptionId: string): Promise<EventResult> {
  const { ctx } = billing;
  return untilUnchanged(subscriptionId, async () => {
    const seen = await findUser(ctx.db, userId);
    if (!seen) return 'unknown_user';
    const sub = await callStripe(() => billing.stripe.subscriptions.retrieve(subscriptionId));
    const facts = subscriptionFacts(sub);
    if (!shouldApply(seen, facts)) return 'ignored';
    const written = await writeSubscriptionIfUnchanged(
      ctx.db,
      userId,
      seen,
      userSubscription(facts),
      ctx.now(),
    );
    return written ? 'applied' : CHANGED;
  });
}

async function onInvoice(billing: Billing, invoiceId: string): Promise<EventResult> {
  const invoice = await callStripe(() => billing.stripe.invoices.retrieve(invoiceId));
  const subscription = idOf(invoice.parent?.subscription_details?.subscription);
  return subscription ? syncOwnedSubscription(billing, subscription) : 'ignored';
}

async function onCheckoutCompleted(billing: Billing, sessionId: string): Promise<EventResult> {
  const session = await callStripe(() => billing.stripe.checkout.sessions.retrieve(sessionId));
  return applyCheckoutSession(billing, session);
}

/**
 * One verified event, taken as a signal only: the object it names is read again from Stripe through the
 * client's pinned API version. So the endpoint's API version (which shapes the event's payload) does not
 * matter, and the user ends up with the latest state whatever order (or how often) the events arrive.
 */
export async function handleEvent(billing: Billing, event: Stripe.Event): Promise<EventResult> {
  const objectId = (event.data.object as { id?: unknown }).id;
  if (typeof objectId !== 'string') return 'ignored';
  switch (event.type) {
    case 'checkout.session.completed':
      return onCheckoutCompleted(billing, objectId);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.trial_will_end':
      return syncOwnedSubscription(billing, objectId);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return onInvoice(billing, objectId);
    default:
      return 'ignored';
  }
}
