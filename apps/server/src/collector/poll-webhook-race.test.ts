import { describe, expect, it } from 'vitest';
import type { Board } from '../db/schema.ts';
import { type CollectorWorld, collectorWorldPerTest, MINUTE, START } from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';
import { readerFactory } from './readers.ts';
import { createCollector } from './runner.ts';
import type { SchedulePolicy } from './schedule.ts';

/** Every poll a full listing, so that a stale listing can also "remove" or "restore" items. */
const POLICY: SchedulePolicy = {
  pollIntervalMs: 1000,
  fullSyncIntervalMs: 0,
  maxBackoffMs: 60 * MINUTE,
  minRateLimitRemaining: 0,
};

/**
 * A collector whose listing is read from the simulator, then `meanwhile` runs (GitHub changes and its
 * webhooks are stored), then the listing, now stale, is recorded: a poll racing a webhook, made certain.
 */
function racingCollector(world: CollectorWorld, meanwhile: () => Promise<void>) {
  const readers = readerFactory(world.ctx, null, { retries: 1, retryDelayScale: 0 });
  return createCollector(
    world.ctx,
    async (board: Board) => {
      const reader = await readers(board);
      if (!reader) return null;
      return {
        ...reader,
        listProjectItems: async (...args: Parameters<typeof reader.listProjectItems>) => {
          const listing = await reader.listProjectItems(...args);
          await meanwhile();
          return listing;
        },
      };
    },
    { backfill: false, policy: POLICY },
  );
}

describe.each(await dialectCases())('a poll racing a webhook on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);
  const poll = () =>
    createCollector(world.ctx, readerFactory(world.ctx, null), { backfill: false, policy: POLICY });

  async function addBoard(items: Record<string, string | null>) {
    const board = await world.createBoard('fluxion-labs', items);
    const row = await world.register(board.projectId);
    expect(await poll().runOnce()).toBe(1);
    const named = async () =>
      (await world.moves(row.id)).map((m) => ({ ...m, item: board.names.get(m.item) ?? m.item }));
    const columns = async () => {
      const rows = await world.ctx.db
        .selectFrom('items')
        .select(['item_id', 'column_name'])
        .where('board_id', '=', row.id)
        .execute();
      return Object.fromEntries(rows.map((r) => [board.names.get(r.item_id) ?? r.item_id, r.column_name]));
    };
    return { board, named, columns };
  }

  it('records no move back when the listing was read before a webhook move was stored', async () => {
    const { board, named, columns } = await addBoard({ a: 'Todo', b: 'In Progress' });
    await world.advance(MINUTE);
    const racing = racingCollector(world, async () => {
      await world.move(board.items.a ?? '', 'In Progress');
      await world.control(`/_sim/items/${board.items.b}/archive`);
      await world.flush();
    });
    expect(await racing.runOnce()).toBe(1);
    const real = [
      { item: 'a', from: null, to: 'Todo', at: START, source: 'snapshot' },
      { item: 'b', from: null, to: 'In Progress', at: START, source: 'snapshot' },
      { item: 'a', from: 'Todo', to: 'In Progress', at: START + MINUTE, source: 'webhook' },
      { item: 'b', from: 'In Progress', to: null, at: START + MINUTE, source: 'webhook' },
    ];
    expect(await named()).toEqual(real);
    expect(await columns()).toEqual({ a: 'In Progress', b: null });
    // The next poll reads GitHub after both moves: it agrees, and adds nothing.
    await world.advance(MINUTE);
    expect(await poll().runOnce()).toBe(1);
    expect(await named()).toEqual(real);
  });

  it('does not remove an item a webhook placed while a full listing that predates it ran', async () => {
    const { board, named, columns } = await addBoard({ a: 'Todo' });
    await world.advance(MINUTE);
    let added = '';
    const racing = racingCollector(world, async () => {
      const issue = await world.control<{ itemId: string }>('/_sim/issues', {
        repo: 'fluxion-labs/scripted',
        title: 'c',
        projectId: board.projectId,
      });
      added = issue.itemId;
      await world.move(added, 'Todo');
      await world.flush();
    });
    expect(await racing.runOnce()).toBe(1);
    const moves = await named();
    expect(moves.filter((m) => m.item === added)).toEqual([
      { item: added, from: null, to: 'Todo', at: START + MINUTE, source: 'webhook' },
    ]);
    expect((await columns())[added]).toBe('Todo');
  });

  it('keeps every real move when GitHub stamps several of them with the same second', async () => {
    const { board, named } = await addBoard({ a: 'Todo' });
    // Webhooks carry whole seconds: these four moves are stamped 9 s, 9 s, 10 s and 10 s.
    const script: [string, number][] = [
      ['Done', 9_650],
      ['In Progress', 9_700],
      ['Todo', 10_050],
      ['Done', 10_750],
    ];
    for (const [to, offset] of script) {
      await world.advance(START + offset - world.ctx.now());
      await world.move(board.items.a ?? '', to);
      await world.flush();
    }
    expect((await named()).slice(1).map((m) => [m.from, m.to, m.at - START])).toEqual([
      ['Todo', 'Done', 9_000],
      ['Done', 'In Progress', 9_000],
      ['In Progress', 'Todo', 10_000],
      ['Todo', 'Done', 10_000],
    ]);
  });

  it('keeps every real move of an item moved back and forth within two minutes', async () => {
    const { board, named } = await addBoard({ a: 'Todo' });
    const script: [string, number][] = [
      ['In Progress', 30_000],
      ['Todo', 60_000],
      ['In Progress', 90_000],
    ];
    for (const [to, offset] of script) {
      await world.advance(START + offset - world.ctx.now());
      await world.move(board.items.a ?? '', to);
      await world.flush();
    }
    await world.advance(MINUTE);
    await poll().runOnce();
    expect((await named()).slice(1)).toEqual([
      { item: 'a', from: 'Todo', to: 'In Progress', at: START + 30_000, source: 'webhook' },
      { item: 'a', from: 'In Progress', to: 'Todo', at: START + 60_000, source: 'webhook' },
      { item: 'a', from: 'Todo', to: 'In Progress', at: START + 90_000, source: 'webhook' },
    ]);
  });
});
