import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { readerFactory } from '../collector/readers.ts';
import { createCollector } from '../collector/runner.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { simControl } from '../testing/sim-control.ts';
import { signedInGithubUser } from '../testing/users.ts';

/**
 * The level of work, the type breakdown and the parents over the API (docs/metrics.md, "Level of work",
 * "Breakdown by type", "Parents"; docs/api.md), on a board of the GitHub simulator whose epic has three
 * sub-issues, each typed, collected by the collector.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const DAY = 86_400_000;
const control = <T>(path: string, body: unknown) => simControl<T>(sim.url, path, body);

const start = sim.world.now();
const board = await control<{ id: string }>('/_sim/projects', {
  owner: 'fluxion-labs',
  title: 'Hierarchy',
  columns: ['Todo', 'In Progress', 'Done'],
  at: new Date(start - 20 * DAY).toISOString(),
});
const issue = (title: string, status: string, daysAgo: number) =>
  control<{ id: string; contentId: string }>('/_sim/issues', {
    title,
    repo: 'fluxion-labs/platform',
    projectId: board.id,
    status,
    actor: 'octo-bob',
    at: new Date(start - daysAgo * DAY).toISOString(),
  });
const epic = await issue('Checkout epic', 'In Progress', 15);
const tasks = [
  await issue('Cart page', 'Done', 14),
  await issue('Payment form', 'In Progress', 12),
  await issue('Receipt mail', 'Todo', 10),
];
const bug = await issue('Crash on empty cart', 'Done', 9);
for (const task of tasks)
  await control(`/_sim/issues/${epic.contentId}/sub-issues`, { subIssueId: task.contentId });
await control(`/_sim/issues/${bug.contentId}/type`, { type: 'Bug' });
for (const task of tasks) await control(`/_sim/issues/${task.contentId}/type`, { type: 'Task' });
await control(`/_sim/issues/${epic.contentId}/type`, { type: 'Feature' });

describe.each(cases)('hierarchies and types on $name', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url, clock: testClock(start) });
  const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
  const project = encodeURIComponent(board.id);
  const get = async (url: string) => {
    const response = await app.inject({ url, headers: alice.auth });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json();
  };
  const save = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/projects/', headers: alice.auth, payload });
  const reader = readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 });

  it('counts leaf items by default on a board with a parent and its children, and says so', async () => {
    expect((await save({ project_id: board.id, iteration_length: 7 })).statusCode).toBe(201);
    await createCollector(ctx, reader, { backfill: false }).runOnce();
    const level = await get(`/api/level-of-work/?project=${project}`);
    expect(level).toEqual({
      level: 'leaves',
      automatic: true,
      parents: 1,
      leaves: 4,
      sentence: 'Counting leaf items: 1 parent left out',
    });
    const flow = await get(`/api/flow/?project=${project}`);
    expect(flow.level_of_work.sentence).toBe('Counting leaf items: 1 parent left out');
    // The epic in progress is not aging work: its tasks are.
    expect(flow.aging.items.map((i: { title: string }) => i.title)).toEqual(['Payment form']);
  });

  it('keeps the level as a shared board setting, in the cache key', async () => {
    const saved = await save({ project_id: board.id, iteration_length: 7, work_level: 'all' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().work_level).toBe('all');
    const flow = await get(`/api/flow/?project=${project}`);
    expect(flow.level_of_work).toMatchObject({ level: 'all', automatic: false });
    expect(flow.aging.items.map((i: { title: string }) => i.title).sort()).toEqual([
      'Checkout epic',
      'Payment form',
    ]);
    const refused = await save({ project_id: board.id, iteration_length: 7, work_level: 'epics' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('work_level must be one of all, leaves, parents');
    expect(
      (await save({ project_id: board.id, iteration_length: 7, work_level: null })).json().work_level,
    ).toBeNull();
  });

  it('splits Flow by issue type and filters every analysis by it', async () => {
    const flow = await get(`/api/flow/?project=${project}`);
    expect(
      flow.by_type.map((t: { type: string | null; throughput: number; wip: number }) => [
        t.type,
        t.throughput,
        t.wip,
      ]),
    ).toEqual([
      // As many finished: the type with more in progress first.
      ['Task', 1, 1],
      ['Bug', 1, 0],
    ]);
    const bugs = await get(`/api/flow/?project=${project}&issue_type=bug`);
    expect(bugs.throughput.total).toBe(1);
    expect(bugs.performance_insight.message).toContain('Filter on: issue type "bug".');
    const suggestions = await get(`/api/filter-suggestions/?project=${project}`);
    expect(suggestions.issue_types).toEqual([
      { name: 'Task', items: 3 },
      { name: 'Bug', items: 1 },
      { name: 'Feature', items: 1 },
    ]);
  });

  it("answers each parent's children, progress and forecast; one parent by its item id", async () => {
    const answer = await get(`/api/parents/?project=${project}`);
    expect(answer.parents).toHaveLength(1);
    const [parent] = answer.parents;
    expect(parent).toMatchObject({
      title: 'Checkout epic',
      issue_type: 'Feature',
      sub_issues: { total: 3, completed: 0 },
      progress: { done: 1, total: 3, estimate: null },
      by_column: [
        { column: 'Todo', count: 1 },
        { column: 'In Progress', count: 1 },
        { column: 'Done', count: 1 },
      ],
    });
    expect(answer.level_of_work.level).toBe('leaves');
    const one = await get(`/api/parents/?project=${project}&item=${encodeURIComponent(parent.id)}`);
    expect(one.parents.map((p: { id: string }) => p.id)).toEqual([parent.id]);
    // An item that is no parent (the item page asks for every item) is an empty list, not an error.
    const none = await get(`/api/parents/?project=${project}&item=nope`);
    expect(none.parents).toEqual([]);

    // Estimated steps counted or left out, as every analysis takes it: a whole history answers the same.
    const leftOut = await get(`/api/parents/?project=${project}&estimated=leave_out`);
    expect(leftOut.parents).toEqual(answer.parents);
    const bad = await app.inject({
      url: `/api/parents/?project=${project}&estimated=maybe`,
      headers: alice.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('estimated must be one of include, leave_out');
  });

  it('sorts an archived parent into the levels: its tasks stay leaf items, the epic stays left out', async () => {
    // As the collector records an archiving (the item leaves the board; its moves still count).
    const now = ctx.now();
    await ctx.db
      .updateTable('items')
      .set({ removed_at: now, archived_at: now, column_name: null })
      .where('content_id', '=', epic.contentId)
      .execute();
    await ctx.db
      .updateTable('boards')
      .set((eb) => ({ data_version: eb('data_version', '+', 1), item_seq: eb('item_seq', '+', 1) }))
      .where('github_project_id', '=', board.id)
      .execute();
    await ctx.db
      .updateTable('items')
      .set((eb) => ({
        change_seq: eb.selectFrom('boards').select('item_seq').where('github_project_id', '=', board.id),
      }))
      .where('content_id', '=', epic.contentId)
      .execute();
    const level = await get(`/api/level-of-work/?project=${project}`);
    expect(level).toMatchObject({ level: 'leaves', parents: 1, leaves: 4 });
    const flow = await get(`/api/flow/?project=${project}`);
    expect(flow.level_of_work.sentence).toBe('Counting leaf items: 1 parent left out');
    expect(flow.aging.items.map((i: { title: string }) => i.title)).toEqual(['Payment form']);
  });
});
