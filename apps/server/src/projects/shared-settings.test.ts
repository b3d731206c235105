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
