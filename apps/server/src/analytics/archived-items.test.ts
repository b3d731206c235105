import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { readerFactory } from '../collector/readers.ts';
import { createCollector } from '../collector/runner.ts';
import { schedulePolicy } from '../collector/schedule.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInGithubUser } from '../testing/users.ts';
import { simControl } from '../testing/sim-control.ts';
import { findBoardAccess } from '../tracked-boards/board-access.ts';
import { readLeftItems } from '../move-log/items.ts';
import { analysedBoard } from './board.ts';
import { requestFilter, viewForFilter } from './item-filter.ts';

/** The board setting "include archived items" (default on, as before it existed; docs/metrics.md §13). */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function control<T>(path: string, body: unknown = {}): Promise<T> {
  return simControl<T>(sim.url, path, body);
}

describe.each(cases)('include archived items ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const now = sim.world.now();
  const board = await control<{ id: string }>('/_sim/projects', {
    owner: 'fluxion-labs',
    title: `Archiving team ${create.name}`,
    columns: ['Todo', 'In Progress', 'Blocked', 'Done'],
    at: new Date(now - 10 * DAY).toISOString(),
    // Both cards are planned in the iteration under way: the iteration report follows the setting too.
    iterationField: { iterations: [{ title: 'Sprint 1', startDate: isoDay(now - 3 * DAY), duration: 14 }] },
  });
  const items: string[] = [];
  for (const title of ['Kept card', 'Archived card']) {
    const issue = await control<{ itemId: string }>('/_sim/issues', {
      title,
      repo: 'fluxion-labs/platform',
      projectId: board.id,
      status: 'In Progress',
      actor: 'octo-bob',
      at: new Date(now - 3 * DAY).toISOString(),
      fields: { Iteration: 'Sprint 1' },
    });
    items.push(issue.itemId);
  }
  // Committed work now: one card in progress, one waiting in Blocked (a queue) that is archived there.
  const open: string[] = [];
  for (const [title, status] of [
    ['Working card', 'In Progress'],
    ['Stuck card', 'Blocked'],
  ]) {
    const issue = await control<{ itemId: string }>('/_sim/issues', {
      title,
      repo: 'fluxion-labs/platform',
      projectId: board.id,
      status,
      actor: 'octo-bob',
      at: new Date(now - 3 * DAY).toISOString(),
    });
    open.push(issue.itemId);
  }
  const { app, ctx, clock } = await buildTestApp(database, {
    githubUrl: sim.url,
    clock: testClock(Date.now()),
  });
  let bob = await signedInGithubUser(ctx, sim, 'octo-bob');
  const save = (extra: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: bob.auth,
      payload: { project_id: board.id, iteration_length: 7, ...extra },
    });
  expect((await save()).statusCode).toBe(201);
  const reader = readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 });
  // Every collection a full listing (20 minutes apart, past a 15-minute interval): the simulator's clock
  // is behind the app's (below), so its board updatedAt cannot tell the minute's question what changed.
  const policy = { ...schedulePolicy(ctx.config.collectorTiming), fullSyncIntervalMs: 15 * 60_000 };
  const collect = async () => {
    clock.advance(20 * 60_000);
    await createCollector(ctx, reader, { backfill: false, policy }).runOnce();
  };
  await collect();
  // Done a minute after the first sync placed the cards, on the app's clock: the simulator's own clock is
  // the wall clock, 20 minutes behind it, so a move at its "now" would predate the cards' placement.
  const doneAt = new Date(clock.now() + 60_000).toISOString();
  for (const id of items) {
    await control(`/_sim/items/${id}/move`, { status: 'Done', actor: 'octo-bob', at: doneAt });
  }
  await collect();
  await control(`/_sim/items/${items[1]}/archive`);
  await control(`/_sim/items/${open[1]}/archive`);
  await collect();
  // The clock moved past the access token's life: a fresh one for the same sign-in.
  const access = await issueAccessToken({
    userId: bob.user.id,
    // signedInGithubUser's answer holds the session too (its declared type leaves it out).
    sessionId: (bob as typeof bob & { sessionId: string }).sessionId,
    secret: ctx.config.jwtSecret,
    now: ctx.now(),
  });
  bob = { ...bob, auth: { authorization: `Bearer ${access}` } };

  const throughput = async () => {
    const url = `/api/flow/?project=${encodeURIComponent(board.id)}`;
    const response = await app.inject({ url, headers: bob.auth });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response.json().throughput.total;
  };

  it('records the archiving, and counts the archived done card by default', async () => {
    const rows = await ctx.db.selectFrom('items').select(['title', 'archived_at', 'removed_at']).execute();
    const archived = rows.find((r) => r.title === 'Archived card');
    expect(archived?.archived_at).not.toBeNull();
    expect(rows.find((r) => r.title === 'Kept card')?.archived_at).toBeNull();
    expect(await throughput()).toBe(2);
  });

  it('leaves archived items out when the board says so, and counts them again when it says so', async () => {
    const off = await save({ include_archived: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().include_archived).toBe(false);
    expect(await throughput()).toBe(1);
    const lead = await app.inject({
      url: `/api/leadtime/?project=${encodeURIComponent(board.id)}&days=30`,
      headers: bob.auth,
    });
    expect(lead.statusCode).toBe(200);
    const on = await save({ include_archived: true });
    expect(on.json().include_archived).toBe(true);
    expect(await throughput()).toBe(2);
    // Saving without the field leaves the setting as it is.
    expect((await save()).json().include_archived).toBe(true);
  });

  it("leaves archived items out of the iteration report's scope and completions too", async () => {
    const current = async () => {
      const url = `/api/iterations/?project=${encodeURIComponent(board.id)}`;
      const response = await app.inject({ url, headers: bob.auth });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      return response.json().current;
    };
    expect(await current()).toMatchObject({ title: 'Sprint 1', scope: 2, completed: 2 });
    expect((await save({ include_archived: false })).statusCode).toBe(200);
    expect(await current()).toMatchObject({ title: 'Sprint 1', scope: 1, completed: 1 });
    expect((await save({ include_archived: true })).statusCode).toBe(200);
    expect(await current()).toMatchObject({ scope: 2, completed: 2 });
  });

  it("counts no archived card in Time in State's queue health, whichever the setting: it is off the board", async () => {
    const queue = async () => {
      const url = `/api/timeinstate/?project=${encodeURIComponent(board.id)}&days=7`;
      const response = await app.inject({ url, headers: bob.auth });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      return response.json().metrics.queue_health_ratio;
    };
    // The archived card waiting in Blocked would make it 1 of 2: the working card alone is open.
    expect(await queue()).toBe(0);
    expect((await save({ include_archived: false })).statusCode).toBe(200);
    expect(await queue()).toBe(0);
    expect((await save({ include_archived: true })).statusCode).toBe(200);
  });

  it('reads the items that left the board for the levels only where one could leave them out', async () => {
    // No item of this board names a parent: the automatic level, the leaf items and all items leave none
    // out, so the archived cards need not be read; "parents only" leaves every item out, those gone too.
    const session = { sessionId: (bob as typeof bob & { sessionId: string }).sessionId, userId: bob.user.id };
    const analysed = async () => {
      const row = (await findBoardAccess(ctx.db, session, board.id))?.board;
      if (!row) throw new Error('bob has no access to the board');
      return analysedBoard(row, ctx.now());
    };
    const api = { ...ctx, analytics: app.analytics };
    const leftAll = async () =>
      (await viewForFilter(api, bob.user.id, await analysed(), requestFilter({}))).leftAll;
    const left = await readLeftItems(ctx.db, (await analysed()).id);
    expect(left.map((item) => item.title).sort()).toEqual(['Archived card', 'Stuck card']);
    for (const work_level of [null, 'all', 'leaves']) {
      expect((await save({ work_level })).statusCode).toBe(200);
      expect(await leftAll()).toEqual([]);
      expect(await throughput()).toBe(2);
    }
    expect((await save({ work_level: 'parents' })).statusCode).toBe(200);
    expect((await leftAll())?.map((item) => item.title).sort()).toEqual(['Archived card', 'Stuck card']);
    // The archived done card's moves are left out with the card on the board.
    expect(await throughput()).toBe(0);
    expect((await save({ work_level: null })).statusCode).toBe(200);
  });

  it('refuses a setting that is not a boolean', async () => {
    const response = await save({ include_archived: 'no' });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('include_archived');
  });
});
