import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_ID, type StripeSim, startStripeSim } from './index.ts';

/** `Idempotency-Key` as Stripe honours it: the first answer replayed, the change made once. */
let sim: StripeSim;
let stripe: Stripe;

beforeEach(async () => {
  sim = await startStripeSim({ webhookSecret: 'whsec_idem', now: () => Date.UTC(2026, 10, 1) });
  const port = Number(new URL(sim.url).port);
  stripe = new Stripe('sk_test_123', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
});
afterEach(() => sim.close());

async function subscription(): Promise<Stripe.Subscription> {
  const customer = await stripe.customers.create({ name: 'acme' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: DEFAULT_PRICE_ID, quantity: 1 }],
    success_url: 'http://app.test/ok',
  });
  await fetch(`${sim.url}/c/pay/${session.id}/confirm`, { method: 'POST', redirect: 'manual' });
  const paid = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.subscriptions.retrieve(String(paid.subscription));
}

const seatChanges = () =>
  sim.state.events.filter(
    (event) => event.type === 'customer.subscription.updated' && event.data.previous_attributes?.items,
  ).length;

describe('idempotent requests on the Stripe simulator', () => {
  it('applies a change sent twice with one key once, and replays the first answer', async () => {
    const sub = await subscription();
    const id = String(sub.items.data[0]?.id);
    const items = [{ id, quantity: 2 }];
    const first = await stripe.subscriptions.update(sub.id, { items }, { idempotencyKey: 'seats-1-2' });
    const again = await stripe.subscriptions.update(sub.id, { items }, { idempotencyKey: 'seats-1-2' });
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(again.items.data[0]?.quantity).toBe(first.items.data[0]?.quantity);
    expect(seatChanges()).toBe(1);
    // The same key with other parameters is refused, as Stripe does.
    const other = [{ id, quantity: 3 }];
    await expect(
      stripe.subscriptions.update(sub.id, { items: other }, { idempotencyKey: 'seats-1-2' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0]?.quantity).toBe(2);
  });

  it('makes each request without a key, or with a new one', async () => {
    const sub = await subscription();
    const id = String(sub.items.data[0]?.id);
    await stripe.subscriptions.update(sub.id, { items: [{ id, quantity: 2 }] });
    await stripe.subscriptions.update(sub.id, { items: [{ id, quantity: 3 }] }, { idempotencyKey: 'k-2' });
    expect(seatChanges()).toBe(2);
  });
});
