import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_ID, type StripeSim, startStripeSim } from './index.ts';
import { prorationAmount } from './model/subscriptions.ts';

/** Seats (quantity), proration, invoices with hosted pages and the Price object, through the official client. */
let sim: StripeSim;
let stripe: Stripe;

beforeEach(async () => {
  sim = await startStripeSim({ webhookSecret: 'whsec_seats', now: () => Date.UTC(2026, 10, 1) });
  const port = Number(new URL(sim.url).port);
  stripe = new Stripe('sk_test_123', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
});
afterEach(() => sim.close());

const advance = (days: number) =>
  fetch(`${sim.url}/_sim/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ days }),
  });

async function subscribe(quantity: number, trialEnd?: number): Promise<Stripe.Subscription> {
  const customer = await stripe.customers.create({ name: 'acme', metadata: { org_login: 'acme' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: DEFAULT_PRICE_ID, quantity }],
    success_url: 'http://app.test/ok',
    subscription_data: trialEnd ? { trial_end: trialEnd } : {},
  });
  await fetch(`${sim.url}/c/pay/${session.id}/confirm`, { method: 'POST', redirect: 'manual' });
  const paid = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.subscriptions.retrieve(String(paid.subscription));
}

describe('seats on the Stripe simulator', () => {
  it('serves the Price with amount, currency, interval and tax behaviour', async () => {
    const price = await stripe.prices.retrieve(DEFAULT_PRICE_ID);
    expect(price).toMatchObject({
      unit_amount: 1200,
      currency: 'usd',
      recurring: { interval: 'month' },
      tax_behavior: 'exclusive',
    });
    await expect(stripe.prices.retrieve('price_nope')).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('charges quantity × price, and prorates a change at the next invoice (create_prorations)', async () => {
    const sub = await subscribe(2);
    const [first] = (await stripe.invoices.list({ subscription: sub.id })).data;
    expect(first).toMatchObject({ amount_paid: 2400, status: 'paid' });
    expect(first?.hosted_invoice_url).toBe(`${sim.url}/i/${first?.id}`);
    expect(await (await fetch(String(first?.hosted_invoice_url))).text()).toContain('$24.00');

    await advance(15); // half of November's 30 days
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    const more = await stripe.subscriptions.update(sub.id, { items: [{ id: item.id, quantity: 3 }] });
    expect(more.items.data[0]?.quantity).toBe(3);
    expect((await stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(1);

    await advance(15);
    const [renewal] = (await stripe.invoices.list({ subscription: sub.id })).data;
    // One more seat for the second half of the period (600), then 3 seats for December (3600).
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 600 + 3600 });
    expect(renewal?.lines.data.map((line) => line.amount)).toEqual([600, 3600]);
  });

  it('invoices a proration now with always_invoice, and credits fewer seats', async () => {
    const sub = await subscribe(3);
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    await advance(15);
    await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, quantity: 1 }],
      proration_behavior: 'always_invoice',
    });
    const [credit] = (await stripe.invoices.list({ subscription: sub.id })).data;
    expect(credit).toMatchObject({ billing_reason: 'subscription_update', total: -1200, amount_due: 0 });
  });

  it('does not prorate seats added during a trial, and bills them all when it ends', async () => {
    const sub = await subscribe(1, Date.UTC(2026, 10, 15) / 1000);
    expect(sub.status).toBe('trialing');
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    await stripe.subscriptions.update(sub.id, { items: [{ id: item.id, quantity: 4 }] });
    await advance(14);
    const [first] = (await stripe.invoices.list({ subscription: sub.id })).data;
    expect(first).toMatchObject({ amount_paid: 4800, billing_reason: 'subscription_cycle' });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  it.each([
    [{ from: 1, to: 2, now: 15 }, 600],
    [{ from: 2, to: 1, now: 15 }, -600],
    [{ from: 1, to: 2, now: 0 }, 1200],
    [{ from: 1, to: 2, now: 30 }, 0],
    [{ from: 1, to: 4, now: 20 }, 1200],
  ])('prorationAmount %o over a 30-day period of 1200 = %i', (change, expected) => {
    const day = 86_400;
    expect(
      prorationAmount({
        unitAmount: 1200,
        from: change.from,
        to: change.to,
        periodStart: 0,
        periodEnd: 30 * day,
        now: change.now * day,
      }),
    ).toBe(expected);
  });
});
