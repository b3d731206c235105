import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { readerFactory } from '../collector/readers.ts';
import { createCollector } from '../collector/runner.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { simControl } from '../testing/sim-control.ts';
import { signedInGithubUser } from '../testing/users.ts';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { startSession } from '../auth/sessions.ts';

/**
 * A board's flow policies over the API (docs/api.md, Projects; docs/metrics.md, "Service Level
 * Expectation", "WIP limits", "Blocked time"): saved, validated, read back, applied by the Flow answer;
 * and the label history the collector records, which blocked time is read from.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const DAY = 86_400_000;
const HOUR = 3_600_000;
const control = <T>(path: string, body: unknown) => simControl<T>(sim.url, path, body);

const start = sim.world.now();
const board = await control<{ id: string }>('/_sim/projects', {
  owner: 'fluxion-labs',
  title: 'Policies',
  columns: ['Todo', 'In Progress', 'Review', 'Done'],
  at: new Date(start - 10 * DAY).toISOString(),
});
const issues: Record<string, { contentId: string }> = {};
for (const [title, status, labels] of [
  ['Waiting on the vendor', 'In Progress', ['blocked', 'bug']],
  ['Review the parser', 'Review', []],
  ['Review the lexer', 'Review', []],
] as const) {
  issues[title] = await control('/_sim/issues', {
    title,
    repo: 'fluxion-labs/platform',
    projectId: board.id,
    status,
    actor: 'octo-bob',
    labels,
    at: new Date(start - 3 * DAY).toISOString(),
  });
}
const POLICIES = { sle: { percent: 85, days: 5 }, wip_limits: { Review: 1 }, blocked_label: 'blocked' };

describe.each(cases)('flow policies on $name', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx, clock } = await buildTestApp(database, { githubUrl: sim.url, clock: testClock(start) });
  const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
  let auth = alice.auth;
  /** A fresh access token of the same user, after the test clock moved past the last one's life. */
  const signInAgain = async () => {
    const session = {
      userId: alice.user.id,
      sessionId: await startSession(ctx.db, alice.user.id, ctx.now()),
    };
    const access = await issueAccessToken({ ...session, secret: ctx.config.jwtSecret, now: ctx.now() });
    auth = { authorization: `Bearer ${access}` };
  };
  const save = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/projects/', headers: auth, payload });
  const flow = async () => {
    const response = await app.inject({
      url: `/api/flow/?project=${encodeURIComponent(board.id)}`,
      headers: auth,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json();
  };
  const reader = readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 });
  const collect = () => createCollector(ctx, reader, { backfill: false }).runOnce();

  it('are saved with the project, read back, and kept part by part when a save leaves them out', async () => {
    const added = await save({ project_id: board.id, iteration_length: 7, flow_policies: POLICIES });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().flow_policies).toEqual(POLICIES);
    const kept = await save({
      project_id: board.id,
      iteration_length: 7,
      flow_policies: { blocked_label: 'on hold' },
    });
    expect(kept.json().flow_policies).toEqual({ ...POLICIES, blocked_label: 'on hold' });
    const read = await app.inject({ url: `/api/projects/${board.id}/`, headers: auth });
    expect(read.json().flow_policies).toEqual({ ...POLICIES, blocked_label: 'on hold' });
    const back = await save({
      project_id: board.id,
      iteration_length: 7,
      flow_policies: { sle: null, blocked_label: 'blocked' },
    });
    expect(back.json().flow_policies).toEqual({ ...POLICIES, sle: null });
    await save({ project_id: board.id, iteration_length: 7, flow_policies: POLICIES });
  });

  it('answer 400 naming flow_policies for a limit on an unknown or done column, a bad number or an empty label', async () => {
    const bad = [
      { wip_limits: { Nowhere: 2 } },
      { wip_limits: { Done: 2 } },
      { wip_limits: { Review: 0 } },
      { wip_limits: { Review: 1.5 } },
      { sle: { percent: 120, days: 5 } },
      { sle: { percent: 85, days: 0 } },
      { blocked_label: '  ' },
    ];
    for (const flow_policies of bad) {
      const response = await save({ project_id: board.id, iteration_length: 7, flow_policies });
      expect(response.statusCode, JSON.stringify(flow_policies)).toBe(400);
      expect(response.json().field, JSON.stringify(flow_policies)).toMatch(/^flow_policies/);
      expect(response.json().message ?? response.json().detail ?? response.body).toMatch(
        /Nowhere|Done|wip|sle|percent|days|label|Too|>=|<=|whole/i,
      );
    }
    const read = await app.inject({ url: `/api/projects/${board.id}/`, headers: auth });
    expect(read.json().flow_policies).toEqual(POLICIES);
  });

  const editLabels = async (title: string, labels: string[]) => {
    const edit = await fetch(`${sim.url}/_sim/issues/${issues[title]?.contentId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ labels }),
    });
    expect(edit.status).toBe(200);
  };

  it('record when the blocked label is put on and taken off, and the Flow answer counts the days between', async () => {
    // The simulator is shared by both databases' runs: the item is blocked again for this one.
    await editLabels('Waiting on the vendor', ['blocked', 'bug']);
    await collect();
    const added = await ctx.db.selectFrom('label_changes').selectAll().orderBy('label').execute();
    expect(added.map((r) => [r.label, Number(r.added), r.source])).toEqual([
      ['blocked', 1, 'poll'],
      ['bug', 1, 'poll'],
    ]);
    const blockedSince = Number(added[0]?.at);
    clock.advance(2 * DAY);
    await editLabels('Waiting on the vendor', ['bug']);
    // A label edit leaves the board's updatedAt alone: the next full listing sees it.
    clock.advance(2 * HOUR);
    await collect();
    const removed = await ctx.db.selectFrom('label_changes').selectAll().where('added', '=', 0).execute();
    expect(removed.map((r) => r.label)).toEqual(['blocked']);
    const blockedDays = (Number(removed[0]?.at) - blockedSince) / DAY;
    expect(blockedDays).toBeGreaterThanOrEqual(2);
    await signInAgain();
    const answer = await flow();
    const item = answer.aging.items.find((i: { title: string }) => i.title === 'Waiting on the vendor');
    expect(item).toMatchObject({ blocked: false, blocked_days: Math.round(blockedDays * 100) / 100 });
    expect(answer.blocked).toMatchObject({ label: 'blocked', blocked_now: 0 });
    expect(answer.blocked.by_column['In Progress']).toBeCloseTo(blockedDays, 2);
  });

  it('are applied by the Flow answer: the set SLE, and Review over its WIP limit of 1', async () => {
    const answer = await flow();
    expect(answer.sle).toMatchObject({ percent: 85, days: 5, source: 'set' });
    expect(answer.wip_limits).toEqual([
      expect.objectContaining({ column: 'Review', limit: 1, count: 2, over: true }),
    ]);
    expect(answer.wip_limits[0].dates_over.length).toBeGreaterThan(0);
  });
});

describe.each(cases)('control characters in flow policies on $name', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url });
  const { auth } = await signedInGithubUser(ctx, sim, 'octo-alice');

  it('are refused by the API, and one stored before is left out with a warning instead of failing the board', async () => {
    const save = (flow_policies: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/projects/',
        headers: auth,
        payload: { project_id: board.id, iteration_length: 7, flow_policies },
      });
    const refused = await save({ blocked_label: 'x\u0000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      field: 'flow_policies.blocked_label',
      message: 'flow_policies.blocked_label: must not contain control characters',
    });
    expect((await save({ blocked_label: 'on\u001bhold' })).statusCode).toBe(400);
    expect((await save({ blocked_label: 'blocked' })).statusCode).toBe(201);
    // As saved before requests refused it.
    await ctx.db
      .updateTable('boards')
      .set({ flow_policies: JSON.stringify({ ...POLICIES, blocked_label: 'x\u0000' }) })
      .where('github_project_id', '=', board.id)
      .execute();
    const flow = await app.inject({
      url: `/api/flow/?project=${encodeURIComponent(board.id)}`,
      headers: auth,
    });
    expect(flow.statusCode, flow.body.slice(0, 300)).toBe(200);
    expect(flow.json().blocked).toMatchObject({ label: 'blocked' });
  });
});
