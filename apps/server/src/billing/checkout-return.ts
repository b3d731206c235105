import type { Profile } from '@fluxion/contract';
import Stripe from 'stripe';
import type { User } from '../db/schema.ts';
import { profileOf } from './profile.ts';
import { notFound, unauthorized, upstreamError } from '../http/errors.ts';
import { findUser } from '../users/queries.ts';
import { applyCheckoutSession } from './events.ts';
import type { Billing } from './service.ts';

const NOT_FOUND = 'Checkout session not found';

async function retrieveSession(billing: Billing, sessionId: string): Promise<Stripe.Checkout.Session> {
  try {
    return await billing.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw notFound(NOT_FOUND);
    throw upstreamError(`Stripe: ${(error as Error).message}`);
  }
}

/**
 * The buyer's return to `success_url`: Stripe redirects before its webhooks arrive, so the session is read from
 * Stripe and applied now, as the webhook will apply it again (to the same result). Answers the profile after it.
 * Another user's session is not found, never applied.
 */
export async function confirmCheckout(billing: Billing, user: User, sessionId: string): Promise<Profile> {
  const session = await retrieveSession(billing, sessionId);
  const owner = session.client_reference_id ?? session.metadata?.user_id;
  if (owner !== user.id) throw notFound(NOT_FOUND);
  await applyCheckoutSession(billing, session);
  const updated = await findUser(billing.ctx.db, user.id);
  if (!updated) throw unauthorized('User no longer exists');
  return profileOf(billing.ctx, updated);
}
