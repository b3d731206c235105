import { APP_PERMISSIONS } from '@fluxion/github-sim';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dropDatabase } from '../testing/collector-sim.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { simInstall } from '../testing/github-app.ts';
import {
  closeOrgPlanWorld,
  ORG,
  type OrgPlanWorld,
  orgPlanOf,
  startOrgPlanWorld,
} from '../testing/org-plan-world.ts';
import { simControl } from '../testing/sim-control.ts';

const { members: _members, ...withoutMembers } = APP_PERMISSIONS;

describe.each(await dialectCases())('the owner check through the GitHub App on $name', ({ create }) => {
  let database: TestDatabase;
  let world: OrgPlanWorld;
  let installation: number;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => dropDatabase(database));
  beforeEach(async () => {
    world = await startOrgPlanWorld(database, { signIn: 'app' });
    // An App registered before it asked for Members: read, installed on the organization.
    await simControl(world.github.url, '/_sim/app', { permissions: withoutMembers });
    installation = (await simInstall(world.github, ORG)).id;
    await world.track(world.alice, ORG);
    await world.track(world.bob, ORG);
  });
  afterEach(() => closeOrgPlanWorld(world, database));

  it('without Members: read, no one can buy as an owner, and the Account page says what to do', async () => {
    expect(await orgPlanOf(world, world.alice)).toMatchObject({
      is_manager: false,
      owner_unverifiable: true,
    });
    for (const [path, body] of [
      ['checkout/', {}],
      ['managers/', { login: 'octo-bob' }],
    ] as const) {
      const refused = await world.call<{ message: string }>(
        world.alice,
        `/api/org-plans/${ORG}/${path}`,
        'POST',
        body,
      );
      expect(refused.status, path).toBe(403);
      expect(refused.body.message).toContain(
        `Fluxion cannot check who owns ${ORG} on GitHub: the Fluxion GitHub App lacks the organization permission "Members: read"`,
      );
      expect(refused.body.message).toContain('Review request');
    }
    expect(world.stripe.state.sessions.size).toBe(0);
  });

  it('once the owner accepts the App’s request for Members: read, the owner buys; a member is told they do not manage it', async () => {
    await simControl(world.github.url, '/_sim/app', { permissions: APP_PERMISSIONS });
    await simControl(world.github.url, `/_sim/installations/${installation}/accept-permissions`);
    expect(await orgPlanOf(world, world.alice)).toMatchObject({
      is_manager: true,
      owner_unverifiable: false,
    });
    const bob = await world.call<{ message: string }>(world.bob, `/api/org-plans/${ORG}/checkout/`, 'POST');
    expect(bob.status).toBe(403);
    expect(bob.body.message).toBe(
      `Only an owner of ${ORG} on GitHub or a billing manager they named manages its team plan`,
    );
    expect(await orgPlanOf(world, world.bob)).toMatchObject({ owner_unverifiable: false });
    const checkout = await world.call(world.alice, `/api/org-plans/${ORG}/checkout/`, 'POST');
    expect(checkout.status).toBe(200);
  });
});
