import { signatureHeader } from '@fluxion/stripe-sim';
import { describe, expect, it } from 'vitest';
import { billingWorldPerTest, WEBHOOK_SECRET } from '../testing/billing-world.ts';
import { dialectCases } from '../testing/databases.ts';

const recorded = async (world: ReturnType<typeof billingWorldPerTest>) =>
  (await world.ctx.db.selectFrom('stripe_events').select('event_id').execute()).map((r) => r.event_id);

describe.each(await dialectCases())('POST /webhooks/stripe on $name', ({ create }) => {
  const world = billingWorldPerTest(create);
  const send = (body: string, headers: Record<string, string>) =>
    fetch(`${world.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const signed = (body: string) =>
    send(body, { 'stripe-signature': signatureHeader(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000)) });

  it('a bad or missing signature is refused with 401 and nothing is recorded', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_1' } },
    });
    const now = Math.floor(Date.now() / 1000);
    expect((await send(body, { 'stripe-signature': signatureHeader(body, 'whsec_wrong', now) })).status).toBe(
      401,
    );
    expect((await send(body, {})).status).toBe(401);
    expect(
      (await send(`${body} `, { 'stripe-signature': signatureHeader(body, WEBHOOK_SECRET, now) })).status,
    ).toBe(401);
    const ping = JSON.stringify({ id: 'evt_unknown', object: 'event', type: 'ping', data: { object: {} } });
    expect(await (await signed(ping)).json()).toEqual({ received: true, status: 'ignored' });
    expect(await recorded(world)).toEqual(['evt_unknown']);
  });

  it.each([
    ['without id', { object: 'event', type: 'invoice.paid', data: { object: { id: 'in_1' } } }, 'id'],
    ['without data', { id: 'evt_1', object: 'event', type: 'invoice.paid' }, 'data'],
  ])('a signed event %s is a 400 naming the field, and nothing is recorded', async (_name, event, field) => {
    const answer = await signed(JSON.stringify(event));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'bad_request', field });
    expect(await recorded(world)).toEqual([]);
  });
});

describe.each(await dialectCases())('an endpoint on an older Stripe API version, on $name', ({ create }) => {
  // Created in the Dashboard with 2024-06-20: invoices arrive without `parent`.
  const world = billingWorldPerTest(create, { webhookApiVersion: '2024-06-20' });

  it('invoice events alone bring the subscription: each event is re-read through the pinned API', async () => {
    const urls = world.sim.webhooks.urls;
    world.sim.webhooks.urls = [];
    const checkout = await world.api<{ id: string }>('/api/create-checkout-session/');
    await world.pay(checkout.body.id);
    world.sim.webhooks.urls = urls;
    const [paid] = world.events('invoice.paid');
    await world.control(`/_sim/events/${paid?.id}/resend`);
    expect(world.sim.webhooks.deliveries.at(-1)).toMatchObject({ eventId: paid?.id, status: 200 });
    expect(await world.me()).toMatchObject({ subscription_status: 'active', is_active_user: true });
  });

  it('a failed renewal arrives as invoice.payment_failed without parent and still makes the user past_due', async () => {
    const subscription = await world.subscribe();
    const urls = world.sim.webhooks.urls;
    world.sim.webhooks.urls = [];
    await world.control(`/_sim/subscriptions/${subscription}/fail-payment`);
    world.sim.webhooks.urls = urls;
    const [failed] = world.events('invoice.payment_failed');
    await world.control(`/_sim/events/${failed?.id}/resend`);
    expect(await world.me()).toMatchObject({ subscription_status: 'past_due' });
  });
});

describe.each(await dialectCases())("Stripe's retries, and their events late, on $name", ({ create }) => {
  const world = billingWorldPerTest(create);

  it('a failed renewal ends the plan once Stripe gives up retrying; its past_due event arriving after changes nothing', async () => {
    const subscription = await world.subscribe();
    const urls = world.sim.webhooks.urls;
    world.sim.webhooks.urls = [];
    await world.control(`/_sim/subscriptions/${subscription}/fail-payment`);
    world.sim.webhooks.urls = urls;
    // 8 retries within 2 weeks, all declined: Stripe cancels the subscription (the account's default).
    await world.control('/_sim/clock/advance', { days: 14 });
    expect(world.events('customer.subscription.deleted')).toHaveLength(1);
    expect(await world.me()).toMatchObject({ is_active_user: false });
    const [late] = world
      .events('customer.subscription.updated')
      .filter((e) => (e.data.object as { status?: string }).status === 'past_due');
    await world.control(`/_sim/events/${late?.id}/resend`);
    expect(world.sim.webhooks.deliveries.at(-1)).toMatchObject({ eventId: late?.id, status: 200 });
    expect(await world.me()).toMatchObject({ is_active_user: false });
    expect((await world.me()).subscription_status).not.toBe('past_due');
  });
});
