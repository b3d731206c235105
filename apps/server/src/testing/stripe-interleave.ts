import type Stripe from 'stripe';
import { createStripeClient } from '../billing/stripe-client.ts';
import type { StripeConfig } from '../config.ts';

/**
 * A real Stripe client (against the simulator) whose first read of a subscription runs `meanwhile` after
 * Stripe answered and before the caller gets the answer: what a webhook's handler read is then older than a
 * change made during it, the interleaving a loaded server meets by chance (billing/events.ts).
 */
export function clientActingBetween(
  config: StripeConfig,
  meanwhile: (read: Stripe.Subscription) => Promise<void>,
): { stripe: Stripe; reads: () => number } {
  const stripe = createStripeClient(config);
  const retrieve = stripe.subscriptions.retrieve.bind(stripe.subscriptions);
  let reads = 0;
  stripe.subscriptions.retrieve = (async (id: string) => {
    const read = await retrieve(id);
    if (reads++ === 0) await meanwhile(read);
    return read;
  }) as typeof stripe.subscriptions.retrieve;
  return { stripe, reads: () => reads };
}
