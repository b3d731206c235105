import type { Profile } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { billingWorldPerTest, START } from '../testing/billing-world.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';

const DAY_MS = 86_400_000;
const TRIAL_END = START + 30 * DAY_MS;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(await dialectCases())('buying Fluxion Analytics Pro on $name', ({ create }) => {
  const world = billingWorldPerTest(create);
  const confirm = (sessionId: string) =>
    world.api<Profile>('/api/confirm-checkout-session/', 'POST', { session_id: sessionId });

  it('the buyer is back before the webhooks: the return applies the session, the webhooks then change nothing', async () => {
    const checkout = await world.api<{ id: string; url: string }>('/api/create-checkout-session/');
    expect(checkout.body.url).toBe(`${world.sim.url}/c/pay/${checkout.body.id}`);
    const urls = world.sim.webhooks.urls;
    world.sim.webhooks.urls = []; // Stripe's webhooks are still on their way
    const back = await world.pay(checkout.body.id);
    expect(back).toBe(`${world.ctx.config.publicUrl}/payment-success?session_id=${checkout.body.id}`);
    expect((await world.me()).subscription_status).toBe('trial');

    const confirmed = await confirm(checkout.body.id);
    expect(confirmed).toEqual({
      status: 200,
      body: expect.objectContaining({
        subscription_status: 'active',
        subscription_end: iso(TRIAL_END),
        is_active_user: true,
        cancel_at_period_end: false,
      }),
    });
    expect((await confirm(checkout.body.id)).body).toEqual(confirmed.body);
    world.sim.webhooks.urls = urls;
    for (const event of world.events()) await world.control(`/_sim/events/${event.id}/resend`);
    expect(world.sim.webhooks.deliveries.every((d) => d.status === 200)).toBe(true);
    expect(await world.me()).toEqual(confirmed.body);
    expect((await world.api('/api/create-checkout-session/')).status).toBe(409);
  });

  it('a session not paid yet changes nothing; another user’s or an unknown one is not found; a malformed id is refused', async () => {
    const checkout = await world.api<{ id: string }>('/api/create-checkout-session/');
    expect(await confirm(checkout.body.id)).toMatchObject({
      status: 200,
      body: { subscription_status: 'trial' },
    });
    await world.pay(checkout.body.id);
    const bob = await signedInUser(world.ctx, 'octo-bob');
    const asBob = await fetch(`${world.url}/api/confirm-checkout-session/`, {
      method: 'POST',
      headers: { ...bob.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: checkout.body.id }),
    });
    expect(asBob.status).toBe(404);
    expect(
      (
        await world.ctx.db
          .selectFrom('users')
          .select('subscription_status')
          .where('username', '=', 'octo-bob')
          .executeTakeFirstOrThrow()
      ).subscription_status,
    ).toBe('trial');
    expect((await confirm('cs_test_unknown')).status).toBe(404);
    const malformed = await confirm('sub_123');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ message: expect.stringContaining('Checkout session id') });
  });

  it('buying on day 10 of the trial keeps its 20 days: nothing is charged until the trial ends', async () => {
    world.clock.advance(10 * DAY_MS);
    const subscription = await world.subscribe();
    expect(await world.me()).toMatchObject({
      subscription_status: 'active',
      subscription_end: iso(TRIAL_END),
      is_active_user: true,
    });
    const sub = world.sim.state.subscriptions.get(subscription);
    expect(sub).toMatchObject({ status: 'trialing', trial_end: TRIAL_END / 1000 });
    expect(
      world.events('invoice.paid').map((e) => (e.data.object as { amount_paid: number }).amount_paid),
    ).toEqual([0]);

    await world.control('/_sim/clock/advance', { days: 21 });
    expect(world.events('invoice.paid').at(-1)?.data.object).toMatchObject({ amount_paid: 1200 });
    expect(await world.me()).toMatchObject({
      subscription_status: 'active',
      subscription_end: iso(Date.UTC(2027, 0, 1, 9)),
    });
  });

  it('with less than two days of trial left, billing starts at once', async () => {
    world.clock.advance(29 * DAY_MS);
    await world.subscribe();
    expect(world.events('invoice.paid').at(-1)?.data.object).toMatchObject({ amount_paid: 1200 });
    expect((await world.me()).subscription_end).toBe(iso(Date.UTC(2026, 11, 30, 9)));
  });
});
