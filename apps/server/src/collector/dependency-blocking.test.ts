import { sign } from '@octokit/webhooks-methods';
import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { dialectCases } from '../testing/databases.ts';
import { simControl } from '../testing/sim-control.ts';
import { trackedBoard } from '../testing/tracked-board.ts';

/**
 * An item blocked by an open issue counts as blocked (issue 36, item 5; docs/metrics.md, "Dependency
 * blocking"): from when a listing first sees the dependency until its blocking issue closes (dated by
 * GitHub's closedAt) or it is removed; the item page names what blocks it now.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const DAY = 86_400_000;
const HOUR = 3_600_000;
const REPO = 'fluxion-labs/platform';
const control = <T>(path: string, body: unknown = {}) => simControl<T>(sim.url, path, body);
async function call(method: 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
}
type Made = { contentId: string; itemId: string | null; number: number };

async function blockedBoard() {
  const now = sim.world.now();
  const board = await control<{ id: string }>('/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Waiting work',
    columns: ['Todo', 'In Progress', 'Done'],
    at: new Date(now - 10 * DAY).toISOString(),
  });
  const issue = (title: string, onBoard = true) =>
    control<Made>('/_sim/issues', {
      title,
      repo: REPO,
      ...(onBoard ? { projectId: board.id, status: 'In Progress' } : {}),
      at: new Date(now - 2 * DAY).toISOString(),
    });
  const work = await issue('Ship the export');
  const api = await issue('Export API');
  const vendor = await issue('Vendor contract (not on the board)', false);
  await control(`/_sim/issues/${work.contentId}/blocked-by`, { blockingId: api.contentId });
  await control(`/_sim/issues/${work.contentId}/blocked-by`, { blockingId: vendor.contentId });
  return { board, work, api, vendor };
}

describe.each(cases)('dependency blocking ($name)', async ({ create }) => {
  const { board, work, api, vendor } = await blockedBoard();
  const database = await create();
  afterAll(() => database.drop());
  // Signed in again for each request (bob.signedIn): the test's clock runs past an access token's life.
  const bob = await trackedBoard(database, sim, board.id);
  const { app, ctx, clock, fullListing } = bob;
  const itemPage = async () => {
    const url = `/api/item/?project=${encodeURIComponent(board.id)}&item=${encodeURIComponent(work.itemId ?? '')}`;
    const response = await app.inject({ url, headers: await bob.signedIn() });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json() as {
      blocked: { start: string; end: string | null }[];
      blocked_by: { number: number; repository: string; title: string; url: string; since: string }[];
    };
  };
  const flowAging = async () => {
    const response = await app.inject({
      url: `/api/flow/?project=${encodeURIComponent(board.id)}`,
      headers: await bob.signedIn(),
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const items = response.json().aging.items as { title: string; blocked: boolean }[];
    return items.find((i) => i.title === 'Ship the export');
  };
  const rows = () =>
    ctx.db.selectFrom('dependency_changes').select(['blocking_id', 'blocking', 'at']).execute();
  const firstSeen = ctx.now();
  await bob.collect();

  it('counts the item blocked from when a listing sees the dependency, and its page names both blockers', async () => {
    clock.advance(HOUR);
    const page = await itemPage();
    expect(page.blocked_by.map((b) => [b.title, b.url])).toEqual([
      ['Export API', `https://github.com/${REPO}/issues/${api.number}`],
      ['Vendor contract (not on the board)', `https://github.com/${REPO}/issues/${vendor.number}`],
    ]);
    expect(page.blocked_by[0]?.since).toBe(new Date(firstSeen).toISOString());
    expect(page.blocked).toEqual([
      { start: new Date(firstSeen).toISOString(), end: null, days: expect.any(Number) },
    ]);
    expect((await flowAging())?.blocked).toBe(true);
  });

  it("stops at the blocking issue's closedAt, and once the last one goes the item flows again", async () => {
    clock.advance(3 * HOUR);
    await call('PATCH', `/_sim/issues/${api.contentId}`, { state: 'CLOSED' });
    const closedAt = sim.world.contents.get(api.contentId)?.closedAt ?? 0;
    clock.advance(HOUR);
    await fullListing();
    const stop = (await rows()).find((r) => r.blocking_id === api.contentId && Number(r.blocking) === 0);
    expect(Number(stop?.at)).toBe(Math.floor(closedAt / 1000) * 1000);
    expect((await itemPage()).blocked_by.map((b) => b.title)).toEqual(['Vendor contract (not on the board)']);

    clock.advance(HOUR);
    await call('DELETE', `/_sim/issues/${work.contentId}/blocked-by/${vendor.contentId}`);
    await fullListing();
    const removedAt = ctx.now();
    const page = await itemPage();
    expect(page.blocked_by).toEqual([]);
    expect(page.blocked).toEqual([
      {
        start: new Date(firstSeen).toISOString(),
        end: new Date(removedAt).toISOString(),
        days: expect.any(Number),
      },
    ]);
    expect((await flowAging())?.blocked).toBe(false);
  });

  it('a listing that sees nothing new writes nothing: four rows, whatever the repeats', async () => {
    clock.advance(HOUR);
    await fullListing();
    await fullListing();
    expect(await rows()).toHaveLength(4);
  });
});

/** The deliveries the simulator made of one event and action since `from`, as GitHub would send them. */
const deliveredSince = (from: number, action: string) =>
  sim.webhooks.deliveries.slice(from).filter((d) => d.event === 'issue_dependencies' && d.action === action);

describe.each(cases)('dependency webhooks, late and twice ($name)', async ({ create }) => {
  const { board, work, api } = await blockedBoard();
  const database = await create();
  afterAll(() => database.drop());
  const bob = await trackedBoard(database, sim, board.id);
  const { app, ctx, clock } = bob;
  await bob.collect();
  const deliver = async (id: string, body: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/webhooks/github',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'issue_dependencies',
        'x-github-delivery': id,
        'x-hub-signature-256': await sign(ctx.config.github.webhookSecret ?? '', body),
      },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().status as string;
  };
  const changes = () =>
    ctx.db
      .selectFrom('dependency_changes')
      .select(['blocking_id', 'blocking', 'at', 'source'])
      .where('blocking_id', '=', extra.contentId)
      .where('item_id', '=', work.itemId ?? '')
      .orderBy('at')
      .execute();
  const extra = await control<Made>('/_sim/issues', { title: 'Security review', repo: REPO });

  it('records a dependency from its webhook at once, once however often delivered, and a late removal in its place', async () => {
    sim.webhooks.urls = ['http://127.0.0.1:9/'];
    const from = sim.webhooks.deliveries.length;
    await control(`/_sim/issues/${work.contentId}/blocked-by`, { blockingId: extra.contentId });
    const addedAt = sim.world.contents.get(work.contentId)?.updatedAt ?? 0;
    await control(`/_sim/issues/${api.contentId}/blocked-by`, { blockingId: extra.contentId });
    await control('/_sim/clock/advance', { minutes: 10 });
    await call('DELETE', `/_sim/issues/${work.contentId}/blocked-by/${extra.contentId}`);
    const removedAt = sim.world.contents.get(work.contentId)?.updatedAt ?? 0;
    sim.webhooks.urls = [];
    const [add] = deliveredSince(from, 'blocked_by_added');
    const [remove] = deliveredSince(from, 'blocked_by_removed');
    const [mirror] = deliveredSince(from, 'blocking_added');
    if (!add || !remove || !mirror) throw new Error('no delivery');
    clock.advance(HOUR);
    // The removal arrives first (late order), then the addition, twice, and once more as a new delivery.
    expect(await deliver('d-remove', remove.body)).toBe('recorded');
    expect(await deliver('d-add', add.body)).toBe('recorded');
    expect(await deliver('d-add', add.body)).toBe('duplicate');
    expect(await deliver('d-add-again', add.body)).toBe('known');
    expect(await deliver('d-mirror', mirror.body)).toBe('ignored: recorded from blocked_by');
    const second = (t: number) => Math.floor(t / 1000) * 1000;
    expect((await changes()).map((c) => [Number(c.blocking), Number(c.at), c.source])).toEqual([
      [1, second(addedAt), 'webhook'],
      [0, second(removedAt), 'webhook'],
    ]);
    // The item's own listing afterwards sees it gone: nothing more to write; blocked by it no longer.
    clock.advance(HOUR);
    await bob.fullListing();
    expect(await changes()).toHaveLength(2);
  });
});
