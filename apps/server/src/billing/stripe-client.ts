import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';
import { AppError, conflict, upstreamError } from '../http/errors.ts';
import type { SubscriptionFacts } from './status.ts';

/** The official client, pointed at the local simulator when there is one (`apiUrl`). */
export function createStripeClient(config: StripeConfig): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    options.host = url.hostname;
    options.port = url.port;
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(config.secretKey, options);
}

export const billingUnavailable = () =>
  new AppError(503, 'billing_unavailable', 'Stripe not available - payment disabled');

/** Runs a Stripe call; Stripe refusing the request is a conflict, Stripe failing is an upstream error. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw conflict(`Stripe: ${error.message}`);
    if (error instanceof Stripe.errors.StripeError) throw upstreamError(`Stripe: ${error.message}`);
    throw error;
  }
}

/** The parts of a Stripe subscription our rules read. The period lives on the items in current API versions. */
export function subscriptionFacts(sub: Stripe.Subscription): SubscriptionFacts {
  const ends = sub.items.data.map((item) => item.current_period_end);
  return {
    id: sub.id,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    periodEnd: ends.length ? Math.max(...ends) : null,
    endedAt: sub.ended_at ?? null,
  };
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
