import type { OrgPlan, Profile } from '@fluxion/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dropDatabase } from '../testing/collector-sim.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import {
  buyTeamPlan,
  closeOrgPlanWorld,
  endPersonalTrial,
  ORG,
  type Member,
  type OrgPlanWorld,
  orgPlanOf,
  startOrgPlanWorld,
  useFluxion,
} from '../testing/org-plan-world.ts';
import { simControl } from '../testing/sim-control.ts';
import { createSeatSync } from './seat-sync.ts';
import { createStripeClient } from './stripe-client.ts';

/** docs/billing.md: a seat is a verified member of the organization; nobody pays for two plans at once. */

const seatSync = (world: OrgPlanWorld) =>
  createSeatSync({ ctx: world.ctx, stripe: createStripeClient(world.ctx.config.stripe) });

const subscriptionOf = (world: OrgPlanWorld, key: 'org_login' | 'user_id', value: string) =>
  [...world.stripe.state.subscriptions.values()].find((s) => s.metadata[key] === value);

const teamQuantity = (world: OrgPlanWorld) =>
  subscriptionOf(world, 'org_login', ORG)?.items.data[0]?.quantity;

async function buyPersonalPlan(world: OrgPlanWorld, who: Member): Promise<string> {
  const checkout = await world.call<{ id: string }>(who, '/api/create-checkout-session/', 'POST');
  expect(checkout.status).toBe(200);
  await simControl(world.stripe.url, `/_sim/checkout/sessions/${checkout.body.id}/pay`);
  await world.stripe.webhooks.idle();
  return String(subscriptionOf(world, 'user_id', who.user.id)?.id);
}

describe.each(await dialectCases())('seats and overlapping plans on $name', ({ create }) => {
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

  it('a stranger tracking a public board of the organization changes no seat and is not covered', async () => {
    await world.track(world.alice, ORG, 'labs-public');
    await world.track(world.bob, ORG, 'labs-public');
    await buyTeamPlan(world);
    expect(teamQuantity(world)).toBe(2);

    const carol = await world.stranger();
    await world.track(carol, ORG, 'labs-public');
    await useFluxion(world, carol);
    await endPersonalTrial(world, carol);
    await seatSync(world).runOnce();
    await world.stripe.webhooks.idle();
    expect(teamQuantity(world)).toBe(2);
    expect((await orgPlanOf(world, world.alice))?.seats).toBe(2);

    const profile = (await world.call<Profile>(carol, '/api/me/')).body;
    expect(profile).toMatchObject({ is_active_user: false, covered_by: null });
    expect((await world.call(carol, '/api/leadtime/?project=PVT_labs-public&days=7')).status).toBe(402);
    expect(await orgPlanOf(world, carol)).toBeUndefined();
  });

  it('a seat of someone who left the organization on GitHub is taken back at the next sync, with Stripe’s credit', async () => {
    await world.track(world.alice, ORG);
    await world.track(world.bob, ORG);
    const subscription = await buyTeamPlan(world);
    // Past the Stripe trial, so that the removed seat is prorated.
    await simControl(world.stripe.url, `/_sim/subscriptions/${subscription}/renew`);
    await world.stripe.webhooks.idle();
    expect(teamQuantity(world)).toBe(2);

    await fetch(`${world.github.url}/_sim/orgs/${ORG}/members/octo-bob`, { method: 'DELETE' });
    await seatSync(world).runOnce();
    await world.stripe.webhooks.idle();
    expect(teamQuantity(world)).toBe(1);
    // Stripe credits the rest of the period on the next invoice (create_prorations).
    const pending = world.stripe.state.pendingLines.get(subscription) ?? [];
    expect(pending.some((line) => line.amount < 0)).toBe(true);
    await endPersonalTrial(world, world.bob);
    expect((await world.call<Profile>(world.bob, '/api/me/')).body.covered_by).toBeNull();
  });

  it('a personal subscriber is told before buying the team plan, holds no seat while paying, and is offered to end it', async () => {
    await world.track(world.alice, ORG);
    await world.track(world.bob, ORG);
    const personal = await buyPersonalPlan(world, world.alice);

    const before = (await orgPlanOf(world, world.alice)) as OrgPlan;
    expect(before.paying_personally).toEqual([
      { login: 'octo-alice', until: expect.any(String), cancel_at_period_end: false },
    ]);
    expect(before.seats).toBe(1);
    // A member sees the plan, not who pays for what.
    expect((await orgPlanOf(world, world.bob))?.paying_personally).toEqual([]);

    await buyTeamPlan(world);
    expect(teamQuantity(world)).toBe(1);
    const alice = (await world.call<Profile>(world.alice, '/api/me/')).body;
    expect(alice).toMatchObject({
      subscription_status: 'active',
      covered_by: null,
      also_covered_by: { org: ORG, is_manager: true },
    });

    // She ends the personal plan at its period end: from then on the team plan covers her, one seat more.
    expect((await world.call(world.alice, '/api/cancel-subscription/', 'POST')).status).toBe(200);
    await simControl(world.stripe.url, `/_sim/subscriptions/${personal}/renew`);
    await world.stripe.webhooks.idle();
    await seatSync(world).runOnce();
    await world.stripe.webhooks.idle();
    expect(teamQuantity(world)).toBe(2);
    expect((await world.call<Profile>(world.alice, '/api/me/')).body).toMatchObject({
      is_active_user: true,
      covered_by: { org: ORG },
      also_covered_by: null,
    });
  });

  it('a member covered by a bought team plan is told, and no personal checkout starts', async () => {
    await world.track(world.alice, ORG);
    await world.track(world.bob, ORG);
    await buyTeamPlan(world);
    const sessions = world.stripe.state.sessions.size;
    const refused = await world.call<{ detail?: string; message?: string }>(
      world.bob,
      '/api/create-checkout-session/',
      'POST',
    );
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(`The ${ORG} team plan already covers you`);
    expect(world.stripe.state.sessions.size).toBe(sessions);
  });
});
