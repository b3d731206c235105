import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropDatabase } from '../testing/collector-sim.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import {
  buyTeamPlan,
  closeOrgPlanWorld,
  ORG,
  type OrgPlanWorld,
  startOrgPlanWorld,
  useFluxion,
} from '../testing/org-plan-world.ts';
import { swapSeats } from './org-queries.ts';
import { createSeatSync } from './seat-sync.ts';
import { createStripeClient } from './stripe-client.ts';

/** A runner of the background seat sync, as each server or worker process has its own; `pushes` counts its updates. */
function runner(world: OrgPlanWorld, apiUrl = world.stripe.url) {
  const stripe = createStripeClient({ ...world.ctx.config.stripe, apiUrl });
  const pushes = vi.spyOn(stripe.subscriptions, 'update');
  return Object.assign(createSeatSync({ ctx: world.ctx, stripe }), { pushes });
}

/** The quantity changes Stripe applied: the old quantity of each `customer.subscription.updated` that had one. */
function quantityChanges(world: OrgPlanWorld): number[] {
  type Previous = { items?: { data: { quantity?: number }[] } } | undefined;
  return world.stripe.state.events
    .filter((event) => event.type === 'customer.subscription.updated')
    .map((event) => (event.data.previous_attributes as Previous)?.items?.data[0]?.quantity)
    .filter((quantity): quantity is number => quantity !== undefined);
}

const quantityOf = (world: OrgPlanWorld) =>
  [...world.stripe.state.subscriptions.values()][0]?.items.data[0]?.quantity;

const storedSeats = async (world: OrgPlanWorld) =>
  (
    await world.ctx.db
      .selectFrom('org_plans')
      .select('seats')
      .where('org_login', '=', ORG)
      .executeTakeFirstOrThrow()
  ).seats;

describe.each(await dialectCases())('the background seat sync on $name', ({ create }) => {
  let database: TestDatabase;
  let world: OrgPlanWorld;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => dropDatabase(database));
  beforeEach(async () => {
    world = await startOrgPlanWorld(database);
    await world.track(world.alice, ORG);
    await buyTeamPlan(world);
  });
  afterEach(() => closeOrgPlanWorld(world, database));

  it('pushes a member who became active mid-period to Stripe without an Account visit, once across two runners', async () => {
    expect(quantityOf(world)).toBe(1);
    await world.track(world.bob, ORG);
    await useFluxion(world, world.bob);

    const [first, second] = [runner(world), runner(world)];
    expect(await Promise.all([first.runOnce(), second.runOnce()])).toEqual([1, 1]);
    await world.stripe.webhooks.idle();
    expect(quantityOf(world)).toBe(2);
    expect(first.pushes.mock.calls.length + second.pushes.mock.calls.length).toBe(1);
    expect(quantityChanges(world)).toEqual([1]);
    expect(await storedSeats(world)).toBe(2);

    // Nothing changed since: the next runs push nothing.
    await Promise.all([first.runOnce(), second.runOnce()]);
    await world.stripe.webhooks.idle();
    expect(first.pushes.mock.calls.length + second.pushes.mock.calls.length).toBe(1);
    expect(quantityChanges(world)).toEqual([1]);
  });

  it('of two replicas that read the same count, only one swaps the stored quantity (and so pushes)', async () => {
    const subscriptionId = [...world.stripe.state.subscriptions.keys()][0] as string;
    const change = { org: ORG, subscriptionId, from: 1, to: 2 };
    const swaps = await Promise.all([
      swapSeats(world.ctx.db, change, world.ctx.now()),
      swapSeats(world.ctx.db, change, world.ctx.now()),
    ]);
    expect(swaps.sort()).toEqual([false, true]);
    expect(await storedSeats(world)).toBe(2);
    // Another subscription's change (a stale one) swaps nothing.
    expect(await swapSeats(world.ctx.db, { ...change, subscriptionId: 'sub_old', from: 2, to: 3 }, 0)).toBe(
      false,
    );
  });

  it('gives the change back when Stripe cannot be reached, so that the next run pushes it', async () => {
    await world.track(world.bob, ORG);
    await useFluxion(world, world.bob);
    // A runner whose Stripe is away (nothing listens there): it logs the failure and goes on.
    expect(await runner(world, 'http://127.0.0.1:9').runOnce()).toBe(1);
    expect(await storedSeats(world)).toBe(1);
    expect(quantityOf(world)).toBe(1);

    await runner(world).runOnce();
    await world.stripe.webhooks.idle();
    expect(quantityOf(world)).toBe(2);
    expect(await storedSeats(world)).toBe(2);
  });

  it('leaves a plan without a live subscription alone', async () => {
    await world.ctx.db
      .updateTable('org_plans')
      .set({ status: 'canceled' })
      .where('org_login', '=', ORG)
      .execute();
    await world.track(world.bob, ORG);
    await useFluxion(world, world.bob);
    expect(await runner(world).runOnce()).toBe(0);
    expect(quantityOf(world)).toBe(1);
  });
});
