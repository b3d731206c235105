import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, listenTestApp } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInGithubUser } from '../testing/users.ts';

const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
sim.world.createUser({ login: 'octo-mallory', name: 'Mallory' });

const [platform] = sim.world.projectsOf('fluxion-labs');
if (!platform) throw new Error('the simulator is not seeded as expected');
const LABS_SECRET = 'labs-webhook-secret-7f3a9c';

/**
 * An organization's own webhook secret over HTTP against the simulator: octo-alice owns fluxion-labs on
 * GitHub, octo-bob is a member, octo-mallory a stranger; the simulator's organization webhook then signs
 * with the secret its owner set, and the server checks that organization's deliveries against it.
 */
describe.each(cases)("an organization's webhook secret on $name", async ({ create }) => {
  const database = await create();
  const test = await buildTestApp(database, { githubUrl: sim.url });
  const { app, ctx } = test;
  const url = await listenTestApp(test);
  afterAll(async () => {
    await app.close();
    await database.drop();
  });
  const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
  const bob = await signedInGithubUser(ctx, sim, 'octo-bob');
  const mallory = await signedInGithubUser(ctx, sim, 'octo-mallory');
  const describeHook = (who: typeof alice) =>
    app.inject({ url: '/api/org-webhooks/fluxion-labs/', headers: who.auth });
  const setSecret = (who: typeof alice, secret: string) =>
    app.inject({
      method: 'POST',
      url: '/api/org-webhooks/fluxion-labs/secret/',
      headers: who.auth,
      payload: { secret },
    });

  it('is described to the members GitHub names, and set by an owner only', async () => {
    expect((await describeHook(mallory)).statusCode).toBe(403);
    expect((await setSecret(mallory, LABS_SECRET)).statusCode).toBe(403);
    const seen = await describeHook(bob);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      org: 'fluxion-labs',
      payload_url: `${ctx.config.publicUrl}/webhooks/github`,
      content_type: 'application/json',
      events: ['projects_v2_item', 'sub_issues', 'issue_dependencies'],
      secret_set: false,
      set_by: null,
      set_at: null,
      can_set: false,
    });
    const refused = await setSecret(bob, LABS_SECRET);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      /^Only an owner of fluxion-labs on GitHub sets its webhook secret/,
    );
    expect((await setSecret(alice, 'short')).statusCode).toBe(400);
    const set = await setSecret(alice, LABS_SECRET);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ secret_set: true, set_by: 'octo-alice', can_set: true });
    expect(set.body).not.toContain(LABS_SECRET);
    // Sealed at rest, as GitHub tokens are.
    const row = await ctx.db.selectFrom('org_webhook_secrets').selectAll().executeTakeFirstOrThrow();
    expect(row.org_login).toBe('fluxion-labs');
    expect(row.sealed_secret).not.toContain(LABS_SECRET);
  });

  it("takes the organization's deliveries under its own secret only", async () => {
    const tracked = await app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: alice.auth,
      payload: { project_id: platform.nodeId, iteration_length: 7 },
    });
    expect(tracked.statusCode).toBe(201);
    sim.webhooks.urls = [`${url}/webhooks/github`];
    const other = (optionId: string | undefined) =>
      platform.statusField.options.find((o) => o.id !== optionId)?.name ?? null;
    const moveOnce = async () => {
      const item = [...sim.world.items.values()].find((i) => i.projectId === platform.nodeId);
      if (!item) throw new Error('the board has no item');
      const moved = await fetch(`${sim.url}/_sim/items/${item.nodeId}/move`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: other(item.status?.optionId) }),
      });
      if (!moved.ok) throw new Error(`move: ${moved.status} ${await moved.text()}`);
      await sim.webhooks.idle();
      return sim.webhooks.deliveries.at(-1);
    };
    // The organization's webhook still set up with the shared secret: no longer its secret.
    sim.webhooks.orgSecrets.clear();
    sim.webhooks.secret = ctx.config.github.webhookSecret ?? '';
    expect((await moveOnce())?.status).toBe(401);
    sim.webhooks.orgSecrets.set('fluxion-labs', LABS_SECRET);
    const delivered = await moveOnce();
    expect(delivered).toMatchObject({ target: 'organization', org: 'fluxion-labs', status: 200 });
  });
});
