import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_ID, type StripeSim, startStripeSim } from './index.ts';

/** Local mode keeps the simulator's world in DATA_DIR: a restart finds every payment; removing it starts over. */
const SECRET = 'whsec_test_persistence';
const dir = mkdtempSync(join(tmpdir(), 'stripe-sim-state-'));
const file = join(dir, 'stripe-sim.json');
let sim: StripeSim | undefined;

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function start(): Promise<{ sim: StripeSim; stripe: Stripe }> {
  sim = await startStripeSim({ webhookSecret: SECRET, stateFile: file, now: () => Date.UTC(2026, 10, 1) });
  const stripe = new Stripe('sk_test_1', {
    host: '127.0.0.1',
    port: Number(new URL(sim.url).port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return { sim, stripe };
}

describe('the Stripe simulator’s state file', () => {
  it('keeps customers, cards, subscriptions, invoices, events and the clock across a restart', async () => {
    rmSync(file, { force: true });
    const first = await start();
    const customer = await first.stripe.customers.create({ name: 'octo-alice' });
    const session = await first.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: DEFAULT_PRICE_ID, quantity: 1 }],
      success_url: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/payment-cancelled',
    });
    await fetch(`${first.sim.url}/_sim/checkout/sessions/${session.id}/pay`, { method: 'POST' });
    await fetch(`${first.sim.url}/_sim/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 3 }),
    });
    const events = first.sim.state.events.length;
    const clock = first.sim.state.clock.now();
    // Killed, not closed: every change was written when it was made.
    const killed = first.sim;
    sim = undefined;
    await killed.webhooks.idle();

    const second = await start();
    const id = [...killed.state.subscriptions.keys()][0] as string;
    const subscription = await second.stripe.subscriptions.retrieve(id);
    expect(subscription).toMatchObject({ status: 'active', customer: customer.id });
    const invoices = await second.stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.length).toBeGreaterThan(0);
    expect(second.sim.state.events).toHaveLength(events);
    expect(second.sim.state.clock.now()).toBe(clock);
    expect(second.sim.state.cards.has(customer.id)).toBe(true);
    // What failed after a restart before: the portal for the customer, and cancelling the subscription.
    const portal = await second.stripe.billingPortal.sessions.create({ customer: customer.id });
    expect(portal.url).toContain('/p/session/');
    const cancelled = await second.stripe.subscriptions.update(id, { cancel_at_period_end: true });
    expect(cancelled.cancel_at_period_end).toBe(true);
    await killed.close();
  });

  it('starts empty once the file is removed (rm -rf data)', async () => {
    rmSync(dir, { recursive: true, force: true });
    const { sim: fresh } = await start();
    expect(fresh.state.customers.size).toBe(0);
    expect(fresh.state.events).toHaveLength(0);
  });
});
