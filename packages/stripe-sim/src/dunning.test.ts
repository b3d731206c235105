import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_ID, type StripeSim, startStripeSim } from './index.ts';
import { type Received, startReceiver } from './test/receiver.ts';

/** Stripe's clock-driven rules: Smart Retries and their end, incomplete_expired, Checkout expiry. */
const SECRET = 'whsec_test_dunning';
const DAY = 86_400;
let sim: StripeSim;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stripe: Stripe;

beforeEach(async () => {
  receiver = await startReceiver();
  sim = await startStripeSim({
    webhookUrl: receiver.url,
    webhookSecret: SECRET,
    now: () => Date.UTC(2026, 10, 1),
  });
  const port = Number(new URL(sim.url).port);
  stripe = new Stripe('sk_test_123', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
});
afterEach(async () => {
  await sim.close();
  await receiver.close();
});

const events = (received: Received[]) =>
  received.map((r) => stripe.webhooks.constructEvent(r.body, String(r.headers['stripe-signature']), SECRET));
const control = async <T>(path: string, body: unknown = {}): Promise<T> => {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};
const advance = (days: number) => control('/_sim/clock/advance', { days });

async function session(): Promise<Stripe.Checkout.Session> {
  const customer = await stripe.customers.create({ name: 'octo-alice' });
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: DEFAULT_PRICE_ID, quantity: 1 }],
    success_url: 'http://app.test/ok',
  });
}

async function pastDue(): Promise<{ id: string; invoice: string }> {
  const { id } = await session();
  await fetch(`${sim.url}/c/pay/${id}/confirm`, { method: 'POST', redirect: 'manual' });
  const [sub] = sim.state.subscriptions.values();
  const failed = await control<Stripe.Subscription>(`/_sim/subscriptions/${sub?.id}/fail-payment`);
  expect(failed.status).toBe('past_due');
  return { id: failed.id, invoice: String(failed.latest_invoice) };
}

describe("Stripe's Smart Retries, then the account's setting", () => {
  it('retries a past-due invoice 8 times within 2 weeks, then cancels the subscription', async () => {
    const { id, invoice } = await pastDue();
    const first = await stripe.invoices.retrieve(invoice);
    expect(first.next_payment_attempt).toBe(first.created + Math.round((14 * DAY) / 8));
    await advance(13);
    expect((await stripe.subscriptions.retrieve(id)).status).toBe('past_due');
    await advance(1);
    const ended = await stripe.subscriptions.retrieve(id);
    expect(ended.status).toBe('canceled');
    const last = await stripe.invoices.retrieve(invoice);
    expect(last).toMatchObject({ status: 'open', attempt_count: 9, next_payment_attempt: null });
    await sim.webhooks.idle();
    const failures = events(receiver.received).filter((e) => e.type === 'invoice.payment_failed');
    expect(failures).toHaveLength(9);
    expect(events(receiver.received).at(-1)?.type).toBe('customer.subscription.deleted');
  });

  it('marks it unpaid when the account says so, and bills no more periods', async () => {
    await control('/_sim/settings', { failedPaymentOutcome: 'unpaid' });
    const { id } = await pastDue();
    await advance(60);
    const sub = await stripe.subscriptions.retrieve(id);
    expect(sub.status).toBe('unpaid');
    expect(
      (await stripe.invoices.list({ subscription: id })).data.filter((i) => i.status === 'open'),
    ).toHaveLength(1);
  });

  it('a retry that succeeds (a new card) makes it active again', async () => {
    const { id } = await pastDue();
    const sub = await stripe.subscriptions.retrieve(id);
    await control(`/_sim/customers/${sub.customer}/card`, { declines: false });
    await advance(2);
    expect((await stripe.subscriptions.retrieve(id)).status).toBe('active');
  });
});

describe('incomplete subscriptions and Checkout Sessions expire', () => {
  it('an incomplete subscription not paid within 23 hours becomes incomplete_expired', async () => {
    const { id, customer } = await session();
    await control(`/_sim/customers/${customer}/card`, { declines: true });
    const declined = await fetch(`${sim.url}/c/pay/${id}/confirm`, { method: 'POST', redirect: 'manual' });
    expect(declined.status).toBeGreaterThanOrEqual(400);
    const [sub] = sim.state.subscriptions.values();
    expect(sub?.status).toBe('incomplete');
    await control('/_sim/clock/advance', { seconds: 22 * 3600 });
    expect((await stripe.subscriptions.retrieve(String(sub?.id))).status).toBe('incomplete');
    await control('/_sim/clock/advance', { seconds: 3600 });
    const expired = await stripe.subscriptions.retrieve(String(sub?.id));
    expect(expired.status).toBe('incomplete_expired');
    expect((await stripe.invoices.retrieve(String(expired.latest_invoice))).status).toBe('void');
  });

  it('an open Checkout Session expires after 24 hours with checkout.session.expired', async () => {
    const { id } = await session();
    await advance(1);
    const expired = await stripe.checkout.sessions.retrieve(id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await sim.webhooks.idle();
    expect(events(receiver.received).map((e) => e.type)).toContain('checkout.session.expired');
  });
});
