import type { OrgPlan, Profile } from '@fluxion/contract';
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dropDatabase } from '../testing/collector-sim.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import {
  buyTeamPlan,
  closeOrgPlanWorld,
  DAY,
  endPersonalTrial,
  ORG,
  type OrgPlanWorld,
  orgPlanOf as planOf,
  OTHER_ORG,
  START,
  startOrgPlanWorld,
  useFluxion,
} from '../testing/org-plan-world.ts';
import { simControl } from '../testing/sim-control.ts';
import { clientActingBetween } from '../testing/stripe-interleave.ts';
import { handleEvent } from './events.ts';

describe.each(await dialectCases())('the organization (team) plan on $name', ({ create }) => {
  let database: TestDatabase;
  let world: OrgPlanWorld;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => dropDatabase(database));
  beforeEach(async () => {
    world = await startOrgPlanWorld(database);
  });
  afterEach(() => closeOrgPlanWorld(world, database));

  it('starts a 30-day trial with the first board of the organization, which lifts the paywall for members', async () => {
    await endPersonalTrial(world, world.bob);
    const locked = (await world.call<Profile>(world.bob, '/api/me/')).body;
    expect(locked).toMatchObject({ is_active_user: false, covered_by: null });
    world.clock.advance(DAY);
    await world.track(world.alice, ORG, 'labs-board');
    await world.track(world.bob, ORG, 'labs-board');
    const covered = (await world.call<Profile>(world.bob, '/api/me/')).body;
    expect(covered).toMatchObject({
      subscription_status: 'trial',
      subscription_end: new Date(START + DAY + 30 * DAY).toISOString(),
      is_active_user: true,
      covered_by: { org: ORG, status: 'trial', is_manager: false },
    });
    const analysis = await world.call(world.bob, '/api/leadtime/?project=PVT_labs-board&days=7');
    expect(analysis.status).not.toBe(402);
    world.clock.advance(31 * DAY);
    expect((await world.call<Profile>(world.bob, '/api/me/')).body.is_active_user).toBe(false);
    expect((await world.call(world.bob, '/api/leadtime/?project=PVT_labs-board&days=7')).status).toBe(402);
  });

  it('an owner on GitHub buys it with one seat per active member; the trial days carry over; members are covered', async () => {
    await world.track(world.alice, ORG, 'labs-board');
    await world.track(world.bob, ORG, 'labs-board');
    await buyTeamPlan(world);
    const [sub] = world.stripe.state.subscriptions.values();
    expect(sub).toMatchObject({ status: 'trialing', metadata: { org_login: ORG } });
    expect(sub?.items.data[0]?.quantity).toBe(2);
    expect(sub?.trial_end).toBe(Math.floor((START + 30 * DAY) / 1000));
    const plan = await planOf(world, world.alice);
    expect(plan).toMatchObject({
      status: 'active',
      trialing: true,
      purchased: true,
      seats: 2,
      billed_seats: 2,
      is_manager: true,
      is_owner: true,
      managers: ['octo-alice'],
    });
    // A bought plan stands for a free personal trial: the buyer is told they are covered, and manage it.
    expect((await world.call<Profile>(world.alice, '/api/me/')).body).toMatchObject({
      subscription_status: 'active',
      covered_by: { org: ORG, is_manager: true },
    });
    await endPersonalTrial(world, world.bob);
    const bob = (await world.call<Profile>(world.bob, '/api/me/')).body;
    expect(bob).toMatchObject({
      subscription_status: 'active',
      subscription_trialing: true,
      is_active_user: true,
      covered_by: { org: ORG, managers: ['octo-alice'], is_manager: false },
    });
  });

  it('answers 403 to a member for every manager action, and lets a billing manager named by an owner act', async () => {
    await world.track(world.alice, ORG);
    await world.track(world.bob, ORG);
    const actions = ['checkout/', 'portal/', 'cancel/', 'reactivate/'];
    for (const action of actions) {
      const answer = await world.call(world.bob, `/api/org-plans/${ORG}/${action}`, 'POST');
      expect(answer.status, action).toBe(403);
    }
    expect((await world.call(world.bob, `/api/org-plans/${ORG}/invoices/`)).status).toBe(403);
    expect((await planOf(world, world.bob))?.is_manager).toBe(false);
    // A member cannot name themselves; an owner can.
    const self = await world.call(world.bob, `/api/org-plans/${ORG}/managers/`, 'POST', {
      login: 'octo-bob',
    });
    expect(self.status).toBe(403);
    const named = await world.call<OrgPlan>(world.alice, `/api/org-plans/${ORG}/managers/`, 'POST', {
      login: 'octo-bob',
    });
    expect(named.body).toMatchObject({ managers: ['octo-bob'] });
    expect(await planOf(world, world.bob)).toMatchObject({ is_manager: true, is_owner: false });
    expect((await world.call(world.bob, `/api/org-plans/${ORG}/invoices/`)).status).toBe(200);
  });

  it('keeps the seats in step with Stripe as members join and leave, prorated; one seat per member per organization', async () => {
    await world.track(world.alice, ORG);
    await world.track(world.alice, OTHER_ORG);
    await buyTeamPlan(world);
    // Bob (an owner of globex) buys globex's plan too.
    await buyTeamPlan(world, OTHER_ORG, world.bob);
    const subscriptions = () =>
      Object.fromEntries(
        [...world.stripe.state.subscriptions.values()].map((s) => [
          s.metadata.org_login,
          s.items.data[0]?.quantity,
        ]),
      );
    expect(subscriptions()).toEqual({ [ORG]: 1, [OTHER_ORG]: 1 });

    // Bob joins both organizations' boards, two boards of fluxion-labs: one seat in each organization.
    await world.track(world.bob, ORG);
    await world.track(world.bob, ORG);
    await world.track(world.bob, OTHER_ORG);
    await useFluxion(world, world.bob);
    expect((await planOf(world, world.alice))?.seats).toBe(2);
    expect((await planOf(world, world.bob, OTHER_ORG))?.seats).toBe(2);
    await world.stripe.webhooks.idle();
    expect(subscriptions()).toEqual({ [ORG]: 2, [OTHER_ORG]: 2 });

    // Bob stops tracking fluxion-labs' boards: its plan goes back to one seat.
    await world.ctx.db
      .deleteFrom('tracked_projects')
      .where('user_id', '=', world.bob.user.id)
      .where('board_id', 'like', `board-${ORG}%`)
      .execute();
    expect((await planOf(world, world.alice))?.seats).toBe(1);
    // The push may be another recount's: the webhook of the last change, answered by the server, which
    // recounts too and may win the stored count's swap (only the winner pushes). Stripe is in step once
    // its deliveries are answered.
    await world.stripe.webhooks.idle();
    expect(subscriptions()).toEqual({ [ORG]: 1, [OTHER_ORG]: 2 });
  });

  it('a webhook of the plan’s subscription recounts the seats, without anyone opening Account', async () => {
    await world.track(world.alice, ORG);
    const subscription = await buyTeamPlan(world);
    await world.track(world.bob, ORG);
    await useFluxion(world, world.bob);
    // The trial ends and the first period is billed: Stripe's events bring the new period, and the seats.
    await simControl(world.stripe.url, `/_sim/subscriptions/${subscription}/renew`);
    await world.stripe.webhooks.idle();
    expect([...world.stripe.state.subscriptions.values()][0]?.items.data[0]?.quantity).toBe(2);
  });

  it('after the trial, a seat added mid-period is prorated on the next invoice, listed with Stripe’s hosted page', async () => {
    await world.track(world.alice, ORG);
    world.clock.advance(29 * DAY); // too late for a trial: billing starts at checkout
    await useFluxion(world, world.alice);
    await buyTeamPlan(world);
    const [first] = (
      await world.call<{ invoices: { amount: number; hosted_invoice_url: string; status: string }[] }>(
        world.alice,
        `/api/org-plans/${ORG}/invoices/`,
      )
    ).body.invoices;
    expect(first).toMatchObject({ amount: 1200, status: 'paid' });
    expect(first?.hosted_invoice_url).toMatch(new RegExp(`^${world.stripe.url}/i/in_`));
    world.clock.advance(15 * DAY);
    await world.track(world.bob, ORG);
    await useFluxion(world, world.bob);
    expect((await planOf(world, world.alice))?.billed_seats).toBe(2);
    await simControl(world.stripe.url, '/_sim/clock/advance', { days: 16 });
    await world.stripe.webhooks.idle();
    const invoices = (
      await world.call<{ invoices: { amount: number }[] }>(world.alice, `/api/org-plans/${ORG}/invoices/`)
    ).body.invoices;
    expect(invoices).toHaveLength(2);
    // Half of a month of one more seat (proration), then two seats for the next month.
    expect(invoices[0]?.amount).toBeGreaterThan(2400);
    expect(invoices[0]?.amount).toBeLessThan(2400 + 1200);
  });

  it('cancel and reactivate by the manager; webhooks delivered twice and late change nothing', async () => {
    await world.track(world.alice, ORG);
    await world.track(world.bob, ORG);
    const subscription = await buyTeamPlan(world);
    const cancel = await world.call<{ current_period_end: number }>(
      world.alice,
      `/api/org-plans/${ORG}/cancel/`,
      'POST',
    );
    expect(cancel.status).toBe(200);
    expect(await planOf(world, world.alice)).toMatchObject({ cancel_at_period_end: true, is_active: true });
    expect((await world.call(world.alice, `/api/org-plans/${ORG}/reactivate/`, 'POST')).status).toBe(200);
    const before = await planOf(world, world.alice);
    for (const event of [...world.stripe.state.events].reverse()) {
      await simControl(world.stripe.url, `/_sim/events/${event.id}/resend`);
    }
    expect(world.stripe.webhooks.deliveries.every((d) => d.status === 200)).toBe(true);
    expect(await planOf(world, world.alice)).toEqual(before);
    await world.call(world.alice, `/api/org-plans/${ORG}/cancel/`, 'POST');
    await simControl(world.stripe.url, `/_sim/subscriptions/${subscription}/renew`);
    await world.stripe.webhooks.idle();
    expect(await planOf(world, world.alice)).toMatchObject({ status: 'canceled', is_active: false });
    await endPersonalTrial(world, world.bob);
    expect((await world.call<Profile>(world.bob, '/api/me/')).body).toMatchObject({
      is_active_user: false,
      covered_by: null,
    });
  });

  it('an event read from Stripe before the manager reactivated, applied after, does not cancel the plan again', async () => {
    await world.track(world.alice, ORG);
    await buyTeamPlan(world);
    expect((await world.call(world.alice, `/api/org-plans/${ORG}/cancel/`, 'POST')).status).toBe(200);
    await world.stripe.webhooks.idle();
    const cancelEvent = world.stripe.state.events
      .filter((e) => e.type === 'customer.subscription.updated')
      .at(-1);
    // The event's handler reads the plan cancelling; the manager reactivates before it writes that.
    const { stripe, reads } = clientActingBetween(world.ctx.config.stripe, async (read) => {
      expect(read.cancel_at_period_end).toBe(true);
      expect((await world.call(world.alice, `/api/org-plans/${ORG}/reactivate/`, 'POST')).status).toBe(200);
    });
    expect(await handleEvent({ ctx: world.ctx, stripe }, cancelEvent as unknown as Stripe.Event)).toBe(
      'applied',
    );
    expect(await planOf(world, world.alice)).toMatchObject({ cancel_at_period_end: false, is_active: true });
    expect(reads()).toBeGreaterThan(1);
  });

  it('uninstalling the GitHub App does not cancel the plan: it goes on, billed, and the Account page says so', async () => {
    await world.track(world.alice, ORG);
    await world.track(world.bob, ORG);
    await buyTeamPlan(world);
    const installation = {
      id: 424242,
      account_login: ORG,
      account_type: 'Organization',
      repository_selection: 'all',
      permissions: null,
      suspended_at: null,
      removed_at: null,
      token_enc: null,
      token_expires_at: null,
      renewal_owner: null,
      renewal_until: null,
      checked_at: world.ctx.now(),
      created_at: world.ctx.now(),
    };
    await world.ctx.db.insertInto('github_installations').values(installation).execute();
    expect((await planOf(world, world.bob))?.app_removed_at).toBeNull();
    world.clock.advance(DAY);
    await world.ctx.db
      .updateTable('github_installations')
      .set({ removed_at: world.ctx.now() })
      .where('id', '=', installation.id)
      .execute();
    expect(await planOf(world, world.bob)).toMatchObject({
      status: 'active',
      is_active: true,
      cancel_at_period_end: false,
      app_removed_at: new Date(world.ctx.now()).toISOString(),
    });
    expect([...world.stripe.state.subscriptions.values()].map((s) => s.status)).toEqual(['trialing']);
    await endPersonalTrial(world, world.bob);
    expect((await world.call<Profile>(world.bob, '/api/me/')).body.is_active_user).toBe(true);
  });

  it('the personal plan lists its invoices, and the price comes from Stripe’s Price', async () => {
    const price = await fetch(`${world.url}/api/billing/price/`);
    expect(await price.json()).toEqual({
      amount: 1200,
      currency: 'usd',
      interval: 'month',
      display: '$12.00',
      tax_note: 'Plus applicable tax, added at checkout.',
    });
    expect(
      (await world.call<{ invoices: unknown[] }>(world.alice, '/api/billing/invoices/')).body.invoices,
    ).toEqual([]);
    const checkout = await world.call<{ id: string }>(world.alice, '/api/create-checkout-session/', 'POST');
    await simControl(world.stripe.url, `/_sim/checkout/sessions/${checkout.body.id}/pay`);
    await world.stripe.webhooks.idle();
    const invoices = (
      await world.call<{ invoices: { amount: number; status: string }[] }>(
        world.alice,
        '/api/billing/invoices/',
      )
    ).body.invoices;
    // Bought within the app's trial: a trial invoice of 0, and the profile says the first charge is to come.
    expect(invoices).toEqual([expect.objectContaining({ amount: 0, status: 'paid' })]);
    expect((await world.call<Profile>(world.alice, '/api/me/')).body).toMatchObject({
      subscription_status: 'active',
      subscription_trialing: true,
    });
  });
});
