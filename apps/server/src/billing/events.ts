import type Stripe from 'stripe';
import type { User } from '../db/schema.ts';
import { findUser } from '../users/queries.ts';
import { findUserByCustomer, rememberCustomer } from './queries.ts';
import { type ApplyResult, type Billing, syncSubscription } from './service.ts';
import { idOf } from './stripe-client.ts';

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

async function onCheckoutCompleted(billing: Billing, session: Stripe.Checkout.Session): Promise<EventResult> {
  const userId = session.client_reference_id ?? session.metadata?.user_id;
  const user = userId ? await findUser(billing.ctx.db, userId) : undefined;
  if (!user) return 'unknown_user';
  const customer = idOf(session.customer);
  if (customer) await rememberCustomer(billing.ctx.db, user.id, customer, billing.ctx.now());
  const subscription = idOf(session.subscription);
  return subscription ? syncSubscription(billing, user, subscription) : 'ignored';
}

async function onSubscription(
  billing: Billing,
  subscriptionId: string | null,
  customerId: string | null,
  userId: string | undefined,
): Promise<EventResult> {
  if (!subscriptionId) return 'ignored';
  const user = await ownerOf(billing, customerId, userId);
  if (!user) return 'unknown_user';
  return syncSubscription(billing, user, subscriptionId);
}

/**
 * One verified event. Every subscription-bearing event re-reads the subscription from Stripe, so the user
 * ends up with its latest state whatever order (or how often) the events arrive.
 */
export async function handleEvent(billing: Billing, event: Stripe.Event): Promise<EventResult> {
  switch (event.type) {
    case 'checkout.session.completed':
      return onCheckoutCompleted(billing, event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const sub = event.data.object;
      return onSubscription(billing, sub.id, idOf(sub.customer), sub.metadata?.user_id);
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      return onSubscription(
        billing,
        idOf(details?.subscription),
        idOf(invoice.customer),
        details?.metadata?.user_id,
      );
    }
    default:
      return 'ignored';
  }
}
