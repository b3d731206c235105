import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { billingWorldPerTest } from '../testing/billing-world.ts';
import { dialectCases } from '../testing/databases.ts';
import { clientActingBetween } from '../testing/stripe-interleave.ts';
import { handleEvent } from './events.ts';

const PERIOD_END = Date.UTC(2026, 11, 1, 9) / 1000;

describe.each(await dialectCases())('billing against the Stripe simulator on $name', ({ create }) => {
  const world = billingWorldPerTest(create);

  it('a second checkout (after leaving the first) reuses the Stripe customer', async () => {
    const first = await world.api<{ id: string }>('/api/create-checkout-session/');
    const second = await world.api<{ id: string }>('/api/create-checkout-session/');
    expect(second.body.id).not.toBe(first.body.id);
    expect(world.sim.state.customers.size).toBe(1);
  });

  it('duplicate deliveries are processed once and change nothing', async () => {
    await world.subscribe();
    const before = await world.me();
    for (const event of world.events().reverse()) await world.control(`/_sim/events/${event.id}/resend`);
    const resent = world.sim.webhooks.deliveries.filter((d) => d.resend);
    expect(resent.length).toBeGreaterThan(3);
    expect(resent.every((d) => d.status === 200)).toBe(true);
    expect(await world.me()).toEqual(before);
    const rows = await world.ctx.db.selectFrom('stripe_events').select('event_id').execute();
    expect(rows.length).toBe(world.events().length);
  });

  it('a late cancel event arriving after the reactivation does not cancel again', async () => {
    await world.subscribe();
    const urls = world.sim.webhooks.urls;
    world.sim.webhooks.urls = [];
    expect((await world.api('/api/cancel-subscription/')).status).toBe(200);
    world.sim.webhooks.urls = urls;
    const [late] = world.events('customer.subscription.updated');
    expect(late?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    expect((await world.api('/api/reactivate-subscription/')).status).toBe(200);
    await world.control(`/_sim/events/${late?.id}/resend`);
    expect(world.sim.webhooks.deliveries.at(-1)).toMatchObject({ eventId: late?.id, status: 200 });
    expect(await world.me()).toMatchObject({ subscription_status: 'active', cancel_at_period_end: false });
  });

  it('an event read from Stripe before the reactivation and applied after it does not cancel again', async () => {
    const subscription = await world.subscribe();
    expect((await world.api('/api/cancel-subscription/')).status).toBe(200);
    await world.sim.webhooks.idle();
    const [cancelEvent] = world.events('customer.subscription.updated').slice(-1);
    // The event's handler reads the subscription cancelling; the user reactivates before it writes that.
    const { stripe, reads } = clientActingBetween(world.ctx.config.stripe, async (read) => {
      expect(read.cancel_at_period_end).toBe(true);
      expect((await world.api('/api/reactivate-subscription/')).status).toBe(200);
    });
    const result = await handleEvent({ ctx: world.ctx, stripe }, cancelEvent as unknown as Stripe.Event);
    expect(result).toBe('applied');
    expect(await world.me()).toMatchObject({ subscription_status: 'active', cancel_at_period_end: false });
    expect(reads()).toBeGreaterThan(1);
    expect(world.sim.state.subscriptions.get(subscription)?.cancel_at_period_end).toBe(false);
  });

  it('cancel answers the period end in seconds, reactivate undoes it, and the period end then ends it', async () => {
    const subscription = await world.subscribe();
    const cancel = await world.api<{ current_period_end: number }>('/api/cancel-subscription/');
    expect(cancel).toEqual({ status: 200, body: { current_period_end: PERIOD_END } });
    expect(await world.me()).toMatchObject({
      subscription_status: 'active',
      cancel_at_period_end: true,
      is_active_user: true,
    });
    const reactivate = await world.api('/api/reactivate-subscription/');
    expect(reactivate.status).toBe(200);
    expect((await world.me()).cancel_at_period_end).toBe(false);
    await world.api('/api/cancel-subscription/');
    await world.control(`/_sim/subscriptions/${subscription}/renew`);
    expect(world.events().at(-1)?.type).toBe('customer.subscription.deleted');
    expect(await world.me()).toMatchObject({
      subscription_status: 'canceled',
      is_active_user: false,
      cancel_at_period_end: false,
    });
    expect((await world.api('/api/reactivate-subscription/')).status).toBe(409);
  });

  it('a failed renewal makes the user past_due; a new card in the portal makes them active again', async () => {
    const subscription = await world.subscribe();
    await world.control(`/_sim/subscriptions/${subscription}/fail-payment`);
    expect(world.events('invoice.payment_failed')).toHaveLength(1);
    expect(await world.me()).toMatchObject({ subscription_status: 'past_due', is_active_user: true });
    const portal = await world.api<{ url: string }>('/api/create-portal-session/');
    expect(portal.body.url).toMatch(new RegExp(`^${world.sim.url}/p/session/bps_`));
    await fetch(`${portal.body.url}/card`, {
      method: 'POST',
      body: new URLSearchParams({ number: '4242424242424242' }),
    });
    await world.sim.webhooks.idle(); // the portal sends the browser back before its webhooks
    expect((await world.me()).subscription_status).toBe('active');
  });

  it('without a subscription, cancel and the portal answer 409 and the trial is untouched', async () => {
    expect((await world.api('/api/cancel-subscription/')).status).toBe(409);
    expect((await world.api('/api/create-portal-session/')).status).toBe(409);
    expect(await world.me()).toMatchObject({ subscription_status: 'trial', is_active_user: true });
    expect(world.sim.state.subscriptions.size).toBe(0);
  });
});
