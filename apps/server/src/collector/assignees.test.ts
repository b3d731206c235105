import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { dialectCases } from '../testing/databases.ts';
import { trackedBoard } from '../testing/tracked-board.ts';
import { FILTERED_PROJECT_ITEMS, PROJECT_ITEMS } from '../github/queries.ts';
import { decodeItems, encodeItems } from '../move-log/item-snapshots.ts';
import { upsertItemMetadata } from '../move-log/writes.ts';
import { simControl } from '../testing/sim-control.ts';

/** The collector stores each item's assignees, and the assignee filter reads them (docs/metrics.md §13). */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const DAY = 86_400_000;

async function control<T>(path: string, body: unknown): Promise<T> {
  return simControl<T>(sim.url, path, body);
}

const now = sim.world.now();
const board = await control<{ id: string }>('/_sim/projects', {
  owner: 'fluxion-labs',
  title: 'Assigned work',
  columns: ['Todo', 'In Progress', 'Done'],
  at: new Date(now - 10 * DAY).toISOString(),
});
for (const [title, assignees] of [
  ['Pair on the parser', ['octo-bob', 'octo-alice']],
  ['Solo task', ['octo-alice']],
  ['Nobody yet', []],
] as const) {
  await control('/_sim/issues', {
    title,
    repo: 'fluxion-labs/platform',
    projectId: board.id,
    status: 'In Progress',
    actor: 'octo-bob',
    assignees,
    at: new Date(now - 2 * DAY).toISOString(),
  });
}

describe.each(cases)('assignees ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const bob = await trackedBoard(database, sim, board.id);
  const { app, ctx, clock } = bob;
  await bob.collect();
  const count = async (filter: string) => {
    const url = `/api/projects/${encodeURIComponent(board.id)}/column-stats/?${filter}`;
    const response = await app.inject({ url, headers: bob.auth });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response.json().column_stats['In Progress']?.count ?? 0;
  };

  it('stores the logins a listing reports, and filters by any of them', async () => {
    const rows = await ctx.db.selectFrom('items').select(['title', 'assignees']).orderBy('title').execute();
    expect(rows.map((r) => [r.title, JSON.parse(r.assignees ?? 'null')])).toEqual([
      ['Nobody yet', []],
      ['Pair on the parser', ['octo-bob', 'octo-alice']],
      ['Solo task', ['octo-alice']],
    ]);
    expect(await count('assignee=octo-bob')).toBe(1);
    expect(await count('assignee=octo-alice')).toBe(2);
    expect(await count('assignee=octo-bob&assignee=octo-alice')).toBe(2);
    expect(await count('')).toBe(3);
  });

  it("keeps them through the minute's incremental listing, which does not ask for them (GitHub points)", async () => {
    expect(PROJECT_ITEMS).toContain('assignees(first: 10)');
    expect(FILTERED_PROJECT_ITEMS).not.toContain('assignees');
    const solo = await ctx.db
      .selectFrom('items')
      .select('item_id')
      .where('title', '=', 'Solo task')
      .executeTakeFirstOrThrow();
    await control(`/_sim/items/${solo.item_id}/move`, { status: 'Done', actor: 'octo-bob' });
    clock.advance(2 * 60_000);
    await bob.collect();
    const after = await ctx.db
      .selectFrom('items')
      .select(['column_name', 'assignees'])
      .where('item_id', '=', solo.item_id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ column_name: 'Done', assignees: '["octo-alice"]' });
  });

  it('keeps the stored assignees when a webhook, which does not report them, updates the item', async () => {
    const row = await ctx.db
      .selectFrom('items')
      .selectAll()
      .where('title', '=', 'Solo task')
      .executeTakeFirstOrThrow();
    const observed = {
      itemId: row.item_id,
      number: row.number,
      title: 'Solo task, renamed',
      url: row.url,
      contentType: row.content_type,
      milestone: row.milestone,
      labels: [],
      column: row.column_name,
      statusUpdatedAt: null,
      updatedAt: null,
      archived: false,
    };
    await upsertItemMetadata(ctx.db, row.board_id, [observed], Date.now(), 1_000);
    const after = await ctx.db
      .selectFrom('items')
      .select(['title', 'assignees'])
      .where('item_id', '=', row.item_id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ title: 'Solo task, renamed', assignees: '["octo-alice"]' });
  });
});

describe('item snapshots with assignees', () => {
  it('keeps the assignees of items that have them, and reads snapshots written before them', () => {
    const base = {
      number: 1,
      title: 't',
      url: null,
      milestone: null,
      labels: [],
      column: 'Todo',
      enteredColumnAt: 5,
    };
    const items = [
      { id: 'a', ...base, assignees: ['octo-bob'] },
      { id: 'b', ...base },
    ];
    expect(decodeItems(encodeItems(items))).toEqual(items);
    expect(decodeItems(JSON.stringify([['c', 1, 't', null, null, [], 'Todo', 5]]))).toEqual([
      { id: 'c', ...base },
    ]);
  });
});
