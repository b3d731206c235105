import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_VERSION, DEFAULT_PRICE_ID, type StripeSim, startStripeSim } from './index.ts';
import { type Received, startReceiver } from './test/receiver.ts';

const SECRET = 'whsec_test_simulator_secret';
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

/** Every received webhook, verified with the official library as the app does. */
const verified = (received: Received[]) =>
  received.map((r) => stripe.webhooks.constructEvent(r.body, String(r.headers['stripe-signature']), SECRET));
const types = () => verified(receiver.received).map((e) => e.type);
const control = async <T>(path: string, body: unknown = {}): Promise<T> => {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

async function checkout(): Promise<{ session: Stripe.Checkout.Session; customer: Stripe.Customer }> {
  const customer = await stripe.customers.create({ name: 'octo-alice', metadata: { user_id: 'u1' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'u1',
    line_items: [{ price: DEFAULT_PRICE_ID, quantity: 1 }],
    success_url: 'http://app.test/payment-success?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/payment-cancelled',
    subscription_data: { metadata: { user_id: 'u1' } },
  });
  return { session, customer };
}

async function pay(sessionId: string): Promise<Response> {
  return fetch(`${sim.url}/c/pay/${sessionId}/confirm`, { method: 'POST', redirect: 'manual' });
}

describe('the Stripe simulator through the official client', () => {
  it('creates a customer and a checkout session with a hosted page on the simulator', async () => {
    const { session, customer } = await checkout();
    expect(customer.id).toMatch(/^cus_/);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${sim.url}/c/pay/${session.id}`);
    const page = await fetch(session.url ?? '');
    const html = await page.text();
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('>Cancel</button>');
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
  });

  it('Pay subscribes, redirects to success_url at once, then signs its webhooks as Stripe does', async () => {
    const { session } = await checkout();
    const answer = await pay(session.id);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`http://app.test/payment-success?session=${session.id}`);
    // As Stripe: the browser is sent back before the webhooks were delivered.
    const completion = sim.webhooks.deliveries.find((d) => d.type === 'checkout.session.completed');
    expect(completion?.status).toBeNull();
    await sim.webhooks.idle();
    expect(types()).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']),
    );
    const completed = verified(receiver.received).find((e) => e.type === 'checkout.session.completed');
    const done = completed?.data.object as Stripe.Checkout.Session;
    expect(done.client_reference_id).toBe('u1');
    const sub = await stripe.subscriptions.retrieve(String(done.subscription));
    expect(sub.status).toBe('active');
    expect(sub.metadata).toEqual({ user_id: 'u1' });
    expect(sub.items.data[0]?.current_period_end).toBe(Date.UTC(2026, 11, 1) / 1000);
  });

  it('Cancel on the hosted page goes back to cancel_url without subscribing', async () => {
    const { session } = await checkout();
    const answer = await fetch(`${sim.url}/c/pay/${session.id}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(answer.headers.get('location')).toBe('http://app.test/payment-cancelled');
    expect(sim.state.subscriptions.size).toBe(0);
  });

  it('a tampered payload fails the official verification', async () => {
    await pay((await checkout()).session.id);
    await sim.webhooks.idle();
    const [first] = receiver.received;
    const header = String(first?.headers['stripe-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(`${first?.body} `, header, SECRET)).toThrow();
    expect(() => stripe.webhooks.constructEvent(String(first?.body), header, 'whsec_other')).toThrow();
  });

  it('cancel_at_period_end true then false sends customer.subscription.updated with previous_attributes', async () => {
    await pay((await checkout()).session.id);
    const [sub] = sim.state.subscriptions.values();
    const canceled = await stripe.subscriptions.update(String(sub?.id), { cancel_at_period_end: true });
    expect(canceled.cancel_at_period_end).toBe(true);
    const reactivated = await stripe.subscriptions.update(String(sub?.id), { cancel_at_period_end: false });
    expect(reactivated.cancel_at_period_end).toBe(false);
    await sim.webhooks.idle();
    const updates = verified(receiver.received).filter((e) => e.type === 'customer.subscription.updated');
    expect(updates.map((e) => e.data.previous_attributes)).toEqual([
      expect.objectContaining({ cancel_at_period_end: false }),
      expect.objectContaining({ cancel_at_period_end: true }),
    ]);
  });

  it('renewal, a failed payment (past_due), a new card in the portal, and the end of a canceled period', async () => {
    await pay((await checkout()).session.id);
    const [sub] = sim.state.subscriptions.values();
    const id = String(sub?.id);
    const renewed = await control<Stripe.Subscription>(`/_sim/subscriptions/${id}/renew`);
    expect(renewed.items.data[0]?.current_period_end).toBe(Date.UTC(2027, 0, 1) / 1000);
    const failed = await control<Stripe.Subscription>(`/_sim/subscriptions/${id}/fail-payment`);
    expect(failed.status).toBe('past_due');
    expect(types()).toContain('invoice.payment_failed');
    // Billed now, as billing_cycle_anchor=now: the simulator's clock does not jump ahead of the app's.
    const clock = (await (await fetch(`${sim.url}/_sim/clock`)).json()) as { seconds: number };
    expect(clock.seconds).toBe(Date.UTC(2026, 11, 1) / 1000);
    expect(failed.items.data[0]?.current_period_start).toBe(clock.seconds);
    const portal = await stripe.billingPortal.sessions.create({
      customer: failed.customer as string,
      return_url: 'http://app.test/account',
    });
    const update = await fetch(`${portal.url}/card`, {
      method: 'POST',
      body: new URLSearchParams({ number: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(update.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(id)).status).toBe('active');
    expect(await (await fetch(portal.url)).text()).toContain('href="http://app.test/account"');
    await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    const ended = await control<Stripe.Subscription>(`/_sim/subscriptions/${id}/renew`);
    expect(ended.status).toBe('canceled');
    expect(types().at(-1)).toBe('customer.subscription.deleted');
  });

  it('a trial until subscription_data.trial_end: nothing charged at checkout, the full price when it ends', async () => {
    const trialEnd = Date.UTC(2026, 10, 30) / 1000;
    const customer = await stripe.customers.create({ name: 'octo-alice' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: DEFAULT_PRICE_ID, quantity: 1 }],
      success_url: 'http://app.test/payment-success',
      subscription_data: { trial_end: trialEnd },
    });
    await pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
    const sub = await stripe.subscriptions.retrieve(String(paid.subscription));
    expect(sub).toMatchObject({ status: 'trialing', trial_end: trialEnd });
    expect(sub.items.data[0]?.current_period_end).toBe(trialEnd);
    const first = await stripe.invoices.retrieve(String(sub.latest_invoice));
    expect(first).toMatchObject({ amount_paid: 0, status: 'paid' });

    await control('/_sim/clock/advance', { days: 29 });
    const billed = await stripe.subscriptions.retrieve(sub.id);
    expect(billed.status).toBe('active');
    expect(billed.items.data[0]?.current_period_end).toBe(Date.UTC(2026, 11, 30) / 1000);
    expect((await stripe.invoices.retrieve(String(billed.latest_invoice))).amount_paid).toBe(1200);
  });

  it('refuses a Checkout trial that ends within two days, as Stripe does', async () => {
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: DEFAULT_PRICE_ID, quantity: 1 }],
        success_url: 'http://app.test/payment-success',
        subscription_data: { trial_end: Date.UTC(2026, 10, 2) / 1000 },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'subscription_data[trial_end]' });
  });

  it('renders events in the endpoint’s API version: invoices before basil have no parent', async () => {
    sim.webhooks.apiVersion = '2024-06-20';
    await pay((await checkout()).session.id);
    await sim.webhooks.idle();
    const paid = verified(receiver.received).find((e) => e.type === 'invoice.paid');
    expect(paid?.api_version).toBe('2024-06-20');
    expect(paid?.data.object).not.toHaveProperty('parent');
    expect(paid?.data.object).toMatchObject({ subscription: expect.stringMatching(/^sub_/) });
  });

  it('answers Stripe-shaped errors the official client understands', async () => {
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        success_url: 'http://x',
        line_items: [{ price: 'price_nope', quantity: 1 }],
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'line_items[0][price]' });
    const unauthenticated = await fetch(`${sim.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_x' },
    });
    expect(unauthenticated.status).toBe(401);
  });

  it("answers in its pinned API version only, which is stripe-node's, and refuses another", async () => {
    expect(Stripe.API_VERSION).toBe(API_VERSION);
    const older = new Stripe('sk_test_123', {
      host: '127.0.0.1',
      port: Number(new URL(sim.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
      apiVersion: '2024-06-20' as typeof API_VERSION,
    });
    await expect(older.customers.create({ name: 'x' })).rejects.toMatchObject({
      statusCode: 400,
      message: `The simulator answers API version ${API_VERSION} only; this request asked for 2024-06-20.`,
    });
    const garbled = await fetch(`${sim.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_1', 'stripe-version': 'latest' },
    });
    expect(garbled.status).toBe(400);
    expect(((await garbled.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid Stripe API version: latest',
    );
  });
});
