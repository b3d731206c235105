import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInGithubUser } from '../testing/users.ts';

const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());

const [platform] = sim.world.projectsOf('fluxion-labs');
if (!platform) throw new Error('the simulator is not seeded as expected');
const PARIS = { time_zone: 'Europe/Paris', weekends: [0, 6], holidays: ['2026-12-25'] };

describe.each(cases)("a board's shared settings on $name", async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url });
  const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
  const bob = await signedInGithubUser(ctx, sim, 'octo-bob');
  const save = (who: typeof alice, extra: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: who.auth,
      payload: { project_id: platform.nodeId, iteration_length: 7, ...extra },
    });
  const stored = () =>
    ctx.db
      .selectFrom('boards')
      .select(['calendar', 'include_archived'])
      .where('github_project_id', '=', platform.nodeId)
      .executeTakeFirstOrThrow();

  it('are set by the first tracker, and shown to the others as theirs', async () => {
    const added = await save(alice, { calendar: PARIS });
    expect(added.statusCode).toBe(201);
    expect(added.json().shared_settings).toEqual({ set_by: 'octo-alice', editable: true });
    // Bob tracks the same board with his own iteration, repeating the calendar as the dialog sends it.
    const joined = await save(bob, { iteration_length: 14, calendar: { ...PARIS, weekends: [6, 0] } });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().shared_settings).toEqual({ set_by: 'octo-alice', editable: false });
    expect(joined.json().iteration_length_days).toBe(14);
  });

  it("refuse another tracker's change with 403 naming who sets them, and keep them as they were", async () => {
    const before = await stored();
    const calendar = await save(bob, { calendar: { time_zone: 'UTC', weekends: [], holidays: [] } });
    expect(calendar.statusCode).toBe(403);
    expect(calendar.json().message).toMatch(/^calendar: .*@octo-alice/);
    const archived = await save(bob, { include_archived: false });
    expect(archived.statusCode).toBe(403);
    expect(archived.json().message).toMatch(/^include_archived: .*@octo-alice/);
    expect(await stored()).toEqual(before);
    const setter = await save(alice, { include_archived: false });
    expect(setter.statusCode).toBe(200);
    expect((await stored()).include_archived).toBe(0);
  });

  it('pass to the longest-standing remaining tracker when the setter stops tracking the board', async () => {
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/projects/${platform.nodeId}/`,
      headers: alice.auth,
    });
    expect(removed.statusCode).toBe(204);
    const listed = await app.inject({ url: '/api/projects/', headers: bob.auth });
    const board = listed.json().find((p: { project_id: string }) => p.project_id === platform.nodeId);
    expect(board.shared_settings).toEqual({ set_by: 'octo-bob', editable: true });
    expect((await save(bob, { include_archived: true })).statusCode).toBe(200);
    // Alice comes back: now Bob sets them.
    expect((await save(alice, { include_archived: false })).statusCode).toBe(403);
  });
});

// A public board of the organization, readable by anyone on GitHub; octo-mallory is not a member.
sim.world.createUser({ login: 'octo-mallory', name: 'Mallory' });
const open = sim.world.createProject({ owner: 'fluxion-labs', title: 'Open roadmap', public: true });
const SLACK = 'https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXX';

describe.each(cases)("an organization's board's shared settings on $name", async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url });
  const mallory = await signedInGithubUser(ctx, sim, 'octo-mallory');
  const bob = await signedInGithubUser(ctx, sim, 'octo-bob');
  const save = (who: typeof bob, extra: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: who.auth,
      payload: { project_id: open.nodeId, iteration_length: 7, ...extra },
    });
  const slack = (who: typeof bob) =>
    app.inject({
      method: 'POST',
      url: `/api/projects/${open.nodeId}/notifications/`,
      headers: who.auth,
      payload: {
        digest: false,
        alerts: false,
        by_email: false,
        by_slack: false,
        email: null,
        slack_webhook_url: SLACK,
      },
    });

  it('are set by none of a stranger who tracks it first', async () => {
    expect((await save(mallory, { calendar: PARIS })).statusCode).toBe(403);
    const added = await save(mallory);
    expect(added.statusCode).toBe(201);
    expect(added.json().shared_settings).toEqual({ set_by: null, editable: false });
    const field = await app.inject({
      method: 'POST',
      url: `/api/projects/${open.nodeId}/workflow-field/`,
      headers: mallory.auth,
      payload: { field_id: 'PVTSSF_other' },
    });
    expect(field.statusCode).toBe(403);
    expect(field.json().message).toMatch(/Only members of fluxion-labs on GitHub/);
    expect((await slack(mallory)).statusCode).toBe(403);
    expect((await save(mallory, { include_archived: false })).statusCode).toBe(403);
  });

  it('are set by the member who adds it later, even when the stranger was stored as their setter', async () => {
    // As migration 018 left such boards: the first tracker, a stranger, stored as the setter.
    const mallorysId = mallory.user.id;
    await ctx.db
      .updateTable('boards')
      .set({ settings_user_id: mallorysId })
      .where('github_project_id', '=', open.nodeId)
      .execute();
    const added = await save(bob);
    expect(added.statusCode).toBe(201);
    expect(added.json().shared_settings).toEqual({ set_by: null, editable: true });
    expect((await save(bob, { calendar: PARIS })).statusCode).toBe(200);
    expect((await slack(bob)).statusCode).toBe(200);
    const listed = await app.inject({ url: '/api/projects/', headers: mallory.auth });
    const board = listed.json().find((p: { project_id: string }) => p.project_id === open.nodeId);
    expect(board.shared_settings).toEqual({ set_by: 'octo-bob', editable: false });
    expect(
      (await save(mallory, { calendar: { time_zone: 'UTC', weekends: [], holidays: [] } })).statusCode,
    ).toBe(403);
  });
});
