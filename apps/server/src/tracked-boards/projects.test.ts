import { projectSchema } from '@fluxion/contract';
import { DEMO_COLUMNS, DEMO_PROJECT_ID, startGithubSim } from '@fluxion/github-sim';
import { DEMO_PRIORITY_FIELD, DEMO_PRIORITY_FIELD_ID } from '@fluxion/demo-board';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInGithubUser } from '../testing/users.ts';
import { ensureDemoBoard } from './demo.ts';

const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());

const SIM_COLUMNS = ['Backlog', 'Todo', 'In Progress', 'In Review', 'Done'];
const projectsOf = (owner: string) => sim.world.projectsOf(owner);
const [platform, webApp] = projectsOf('fluxion-labs');
const [sideProject] = projectsOf('octo-alice');
if (!platform || !webApp || !sideProject) throw new Error('the simulator is not seeded as expected');

type Auth = { authorization: string };

describe.each(cases)('projects API on $name', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url });
  await ensureDemoBoard(ctx, { live: false });

  const list = async (auth: Auth) => {
    const response = await app.inject({ url: '/api/projects/', headers: auth });
    expect(response.statusCode).toBe(200);
    return response.json() as { project_id: string; is_demo: boolean; iteration_length_days: number }[];
  };
  const save = (auth: Auth, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/projects/', headers: auth, payload });
  const get = (auth: Auth, id: string) => app.inject({ url: `/api/projects/${id}/`, headers: auth });
  const remove = (auth: Auth, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/projects/${id}/`, headers: auth });
  const boardRows = (githubId: string) =>
    ctx.db.selectFrom('boards').selectAll().where('github_project_id', '=', githubId).execute();

  it("lists the demo project for a new user, on both paths, in the endpoint table's shape", async () => {
    const { auth } = await signedInGithubUser(ctx, sim, 'octo-alice');
    const withSlash = await app.inject({ url: '/api/projects/', headers: auth });
    const withoutSlash = await app.inject({ url: '/api/projects', headers: auth });
    expect(withSlash.statusCode).toBe(200);
    expect(withoutSlash.statusCode).toBe(200);
    expect(withoutSlash.json()).toEqual(withSlash.json());
    const projects = withSlash.json();
    expect(projects).toHaveLength(1);
    expect(projectSchema.strict().parse(projects[0])).toEqual({
      project_id: DEMO_PROJECT_ID,
      title: 'Storefront delivery',
      full_name: 'fluxion-demo/1',
      owner: 'fluxion-demo',
      is_demo: true,
      // The demo board's GitHub Iteration field sets it (14-day iterations); none was typed (7 by default).
      iteration_length_days: 14,
      iteration: {
        source: 'github_field',
        field: 'Iteration',
        current: {
          title: expect.any(String),
          start: expect.any(String),
          end: expect.any(String),
          running: true,
        },
        typed_days: 7,
      },
      cycle_time_start_column: 'In Progress',
      column_list: DEMO_COLUMNS,
      column_classification: null,
      automatic_column_classification: {
        productive: ['In Progress', 'In Review'],
        waiting: ['Backlog', 'Ready', 'Blocked'],
      },
      // The demo's history is seeded, not collected (no simulator here).
      sync_status: 'static',
      last_synced_at: expect.any(String),
      recording_since: expect.any(String),
      calendar: { time_zone: 'UTC', weekends: [], holidays: [] },
      include_archived: true,
      work_level: null,
      // The demo splits its work by Priority (docs/metrics.md, "Breakdown by a board field").
      breakdown_field: { id: DEMO_PRIORITY_FIELD_ID, name: DEMO_PRIORITY_FIELD },
      shared_settings: { set_by: null, editable: false },
      // The demo's story (packages/demo-board, story.ts): a WIP limit on review, the SLE its history proposes.
      flow_policies: { sle: null, wip_limits: { 'In Review': expect.any(Number) }, blocked_label: 'blocked' },
    });
    expect((await app.inject({ url: '/api/projects/' })).statusCode).toBe(401);
  });

  it('adds a board (201), reads it back, and updates its settings (200)', async () => {
    const { auth } = await signedInGithubUser(ctx, sim, 'octo-alice');
    const added = await save(auth, {
      project_id: platform.nodeId,
      name: 'Platform roadmap',
      iteration_length: 14,
      cycle_time_start: 'In Progress',
    });
    expect(added.statusCode, added.body).toBe(201);
    const expected = {
      project_id: platform.nodeId,
      title: 'Platform roadmap',
      full_name: 'fluxion-labs/1',
      owner: 'fluxion-labs',
      is_demo: false,
      iteration_length_days: 14,
      // No Iteration field on this board: the typed length applies.
      iteration: { source: 'typed', field: null, current: null, typed_days: 14 },
      cycle_time_start_column: 'In Progress',
      column_list: SIM_COLUMNS,
      column_classification: null,
      automatic_column_classification: {
        productive: ['In Progress', 'In Review'],
        waiting: ['Backlog', 'Todo'],
      },
      // Registered, not yet collected.
      sync_status: 'active',
      last_synced_at: null,
      // Movements are recorded from the moment the board is added.
      recording_since: new Date(ctx.now()).toISOString(),
      // Past moves are imported from GitHub's timelines at the first sync.
      history_import: 'pending',
      // The default workflow field: the simulator's board view groups its columns by Status.
      workflow_field: { id: expect.stringMatching(/^PVTSSF_/), name: 'Status' },
      calendar: { time_zone: 'UTC', weekends: [], holidays: [] },
      include_archived: true,
      work_level: null,
      breakdown_field: null,
      shared_settings: { set_by: 'octo-alice', editable: true },
      flow_policies: { sle: null, wip_limits: {}, blocked_label: 'blocked' },
    };
    expect(projectSchema.strict().parse(added.json())).toEqual(expected);
    expect((await list(auth)).map((p) => p.project_id)).toEqual([DEMO_PROJECT_ID, platform.nodeId]);
    const read = await get(auth, platform.nodeId);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(expected);

    const updated = await save(auth, { project_id: platform.nodeId, name: 'x', iteration_length: 7 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({
      ...expected,
      iteration_length_days: 7,
      iteration: { ...expected.iteration, typed_days: 7 },
      cycle_time_start_column: null,
    });
    // The number may come as a numeric string from a form.
    const asText = await save(auth, {
      project_id: platform.nodeId,
      iteration_length: '28',
      cycle_time_start: 'Todo',
    });
    expect(asText.statusCode, asText.body).toBe(200);
    expect(asText.json()).toMatchObject({ iteration_length_days: 28, cycle_time_start_column: 'Todo' });
    expect(await boardRows(platform.nodeId)).toHaveLength(1);

    // The collector lost access to the board: the list says so.
    await ctx.db
      .updateTable('boards')
      .set({ sync_status: 'inaccessible' })
      .where('github_project_id', '=', platform.nodeId)
      .execute();
    const lost = (await list(auth)).find((p) => p.project_id === platform.nodeId);
    expect(lost).toMatchObject({ sync_status: 'inaccessible' });
  });

  it('answers 400 naming the field for invalid input, and changes nothing', async () => {
    const { auth } = await signedInGithubUser(ctx, sim, 'octo-alice');
    expect((await save(auth, { project_id: webApp.nodeId, iteration_length: 7 })).statusCode).toBe(201);
    const attempts: [Record<string, unknown>, string][] = [
      [{ iteration_length: 7 }, 'project_id'],
      [{ project_id: '  ', iteration_length: 7 }, 'project_id'],
      [{ project_id: webApp.nodeId }, 'iteration_length'],
      [{ project_id: webApp.nodeId, iteration_length: 'x' }, 'iteration_length'],
      [{ project_id: webApp.nodeId, iteration_length: 0 }, 'iteration_length'],
      [{ project_id: webApp.nodeId, iteration_length: 1.5 }, 'iteration_length'],
      [{ project_id: webApp.nodeId, iteration_length: -7 }, 'iteration_length'],
      [{ project_id: webApp.nodeId, iteration_length: 7, cycle_time_start: 'Nope' }, 'cycle_time_start'],
      // A column of another board is not a column of this one.
      [{ project_id: webApp.nodeId, iteration_length: 7, cycle_time_start: 'Backlog' }, 'cycle_time_start'],
    ];
    for (const [payload, field] of attempts) {
      const response = await save(auth, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toContain(field);
      expect(response.json().field, JSON.stringify(payload)).toBe(field);
    }
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"project_id":',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await get(auth, webApp.nodeId)).json()).toMatchObject({
      iteration_length_days: 7,
      cycle_time_start_column: null,
      column_list: ['Todo', 'In Progress', 'QA', 'Done'],
    });
  });

  it('answers 400 on project_id for an unknown board or one the user cannot see, storing nothing', async () => {
    const { auth } = await signedInGithubUser(ctx, sim, 'octo-bob');
    for (const id of ['PVT_doesnotexist', sideProject.nodeId]) {
      const response = await save(auth, { project_id: id, iteration_length: 7 });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().field).toBe('project_id');
    }
    expect(await boardRows('PVT_doesnotexist')).toHaveLength(0);
    expect(await list(auth)).toHaveLength(1);
  });

  it("answers 404 for another user's project on read, delete and every analysis call", async () => {
    const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
    const bob = await signedInGithubUser(ctx, sim, 'octo-bob');
    expect((await save(alice.auth, { project_id: sideProject.nodeId, iteration_length: 7 })).statusCode).toBe(
      201,
    );
    const id = sideProject.nodeId;
    const calls = [
      `/api/projects/${id}/`,
      `/api/projects/${id}/column-stats/`,
      `/api/leadtime/?project=${id}&days=7`,
      `/api/timeinstate/?project=${id}&days=7`,
      `/api/issues/?project=${id}&column=Todo`,
    ];
    for (const url of calls) {
      expect((await app.inject({ url, headers: bob.auth })).statusCode, url).toBe(404);
      expect((await app.inject({ url, headers: alice.auth })).statusCode, url).toBe(200);
    }
    expect((await remove(bob.auth, id)).statusCode).toBe(404);
    expect((await get(alice.auth, id)).statusCode).toBe(200);
    expect((await remove(alice.auth, id)).statusCode).toBe(204);
    expect((await get(alice.auth, id)).statusCode).toBe(404);
    expect((await remove(alice.auth, id)).statusCode).toBe(404);
  });

  it('keeps the demo read-only, hides it for one user only on delete, and brings it back on POST', async () => {
    const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
    const bob = await signedInGithubUser(ctx, sim, 'octo-bob');
    const edit = await save(alice.auth, { project_id: DEMO_PROJECT_ID, iteration_length: 14 });
    expect(edit.statusCode).toBe(403);
    expect((await get(alice.auth, DEMO_PROJECT_ID)).json()).toMatchObject({ iteration: { typed_days: 7 } });

    expect((await remove(alice.auth, DEMO_PROJECT_ID)).statusCode).toBe(204);
    expect(await list(alice.auth)).toEqual([]);
    expect((await get(alice.auth, DEMO_PROJECT_ID)).statusCode).toBe(404);
    const url = `/api/leadtime/?project=${DEMO_PROJECT_ID}&days=7`;
    expect((await app.inject({ url, headers: alice.auth })).statusCode).toBe(404);
    expect((await list(bob.auth)).map((p) => p.project_id)).toEqual([DEMO_PROJECT_ID]);
    expect(await boardRows(DEMO_PROJECT_ID)).toHaveLength(1);
    const offered = await app.inject({ url: '/api/demo-project/', headers: alice.auth });
    expect(offered.json()).toMatchObject({ project_id: DEMO_PROJECT_ID, is_demo: true });

    const back = await save(alice.auth, { project_id: DEMO_PROJECT_ID, iteration_length: 7 });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ project_id: DEMO_PROJECT_ID, is_demo: true });
    expect((await list(alice.auth)).map((p) => p.project_id)).toEqual([DEMO_PROJECT_ID]);
    expect((await save(alice.auth, { project_id: DEMO_PROJECT_ID, iteration_length: 7 })).statusCode).toBe(
      403,
    );
  });

  it("shares one board row between trackers, each with their own settings; the last one out removes the board's data", async () => {
    const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
    const bob = await signedInGithubUser(ctx, sim, 'octo-bob');
    const id = webApp.nodeId;
    await ctx.db.deleteFrom('boards').where('github_project_id', '=', id).execute();
    expect(
      (await save(alice.auth, { project_id: id, iteration_length: 14, cycle_time_start: 'QA' })).statusCode,
    ).toBe(201);
    expect((await save(bob.auth, { project_id: id, iteration_length: 2 })).statusCode).toBe(201);
    const rows = await boardRows(id);
    expect(rows).toHaveLength(1);
    const boardId = rows[0]?.id ?? '';
    expect((await get(alice.auth, id)).json()).toMatchObject({
      iteration_length_days: 14,
      cycle_time_start_column: 'QA',
    });
    expect((await get(bob.auth, id)).json()).toMatchObject({
      iteration_length_days: 2,
      cycle_time_start_column: null,
    });

    await ctx.db
      .insertInto('items')
      .values({
        board_id: boardId,
        item_id: 'PVTI_x',
        number: 1,
        title: 'A recorded item',
        url: null,
        content_type: 'Issue',
        milestone: null,
        labels: '[]',
        column_name: 'Todo',
        entered_column_at: ctx.now(),
        removed_at: null,
        updated_at: ctx.now(),
      })
      .execute();
    await ctx.db
      .insertInto('transitions')
      .values({
        board_id: boardId,
        item_id: 'PVTI_x',
        from_column: null,
        to_column: 'Todo',
        at: ctx.now(),
        source: 'poll',
        recorded_at: ctx.now(),
      })
      .execute();
    const count = async (table: 'items' | 'transitions' | 'tracked_projects') =>
      (await ctx.db.selectFrom(table).select('board_id').where('board_id', '=', boardId).execute()).length;

    expect((await remove(alice.auth, id)).statusCode).toBe(204);
    expect((await get(alice.auth, id)).statusCode).toBe(404);
    expect((await get(bob.auth, id)).json()).toMatchObject({ iteration_length_days: 2 });
    expect(await boardRows(id)).toHaveLength(1);
    expect([await count('items'), await count('transitions')]).toEqual([1, 1]);

    expect((await remove(bob.auth, id)).statusCode).toBe(204);
    expect(await boardRows(id)).toHaveLength(0);
    expect([await count('items'), await count('transitions'), await count('tracked_projects')]).toEqual([
      0, 0, 0,
    ]);
  });

  it('answers GitHub failures during add as actionable errors, not 500: revoked token or missing scope 403', async () => {
    const revoked = await signedInGithubUser(ctx, sim, 'octo-alice');
    sim.world.tokens.delete(revoked.githubToken);
    const limited = await signedInGithubUser(ctx, sim, 'octo-alice', ['read:org']);
    const cases: [Auth, number, string][] = [
      [revoked.auth, 403, 'github_auth'],
      [limited.auth, 403, 'github_scope'],
    ];
    for (const [auth, status, error] of cases) {
      const lookup = await app.inject({
        url: `/api/github-project-columns/?project_id=${platform.nodeId}`,
        headers: auth,
      });
      expect(lookup.statusCode, lookup.body).toBe(status);
      expect(lookup.json().error).toBe(error);
      const add = await save(auth, { project_id: platform.nodeId, iteration_length: 7 });
      expect(add.statusCode, add.body).toBe(status);
      expect(add.json().error).toBe(error);
    }
  });
});
