import { describe, expect, it } from 'vitest';
import type { Board } from '../db/schema.ts';
import { collectorWorldPerTest, MINUTE, SECOND, type SimBoard, START } from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';
import { readerFactory } from './readers.ts';
import { createCollector } from './runner.ts';
import type { SchedulePolicy } from './schedule.ts';

/** Every poll a full listing: a poll then speaks for every item. */
const POLICY: SchedulePolicy = {
  pollIntervalMs: 1000,
  fullSyncIntervalMs: 0,
  maxBackoffMs: 60 * MINUTE,
  minRateLimitRemaining: 0,
};

/**
 * GitHub does not promise to deliver webhooks in order: a delivery may come late (a retry, a redelivery),
 * after the deliveries of moves made after it. Once, the move after a late one, taken for a
 * copy of the move before it, was lost for good.
 */
describe.each(await dialectCases())('webhooks delivered out of order on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);
  const poll = () =>
    createCollector(world.ctx, readerFactory(world.ctx, null), { backfill: false, policy: POLICY });

  async function addBoard(items: Record<string, string | null>) {
    const board = await world.createBoard('fluxion-labs', items);
    const row = await world.register(board.projectId);
    expect(await poll().runOnce()).toBe(1);
    return { board, row };
  }

  /** The item's recorded moves after its snapshot, in the log's order, as [from, to, seconds after START]. */
  async function logged(row: Board, board: SimBoard, item: string) {
    const rows = await world.ctx.db
      .selectFrom('transitions')
      .select(['from_column', 'to_column', 'at', 'source'])
      .where('board_id', '=', row.id)
      .where('item_id', '=', board.items[item] ?? '')
      .where('source', '!=', 'snapshot')
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((r) => [r.from_column, r.to_column, (Number(r.at) - START) / SECOND]);
  }
  async function column(row: Board, board: SimBoard, item: string) {
    const stored = await world.ctx.db
      .selectFrom('items')
      .select('column_name')
      .where('board_id', '=', row.id)
      .where('item_id', '=', board.items[item] ?? '')
      .executeTakeFirstOrThrow();
    return stored.column_name;
  }
  /** Moves the item on GitHub at START + `seconds`; `held`: its webhook is held back (dropped) to be redelivered. */
  async function moveAt(board: SimBoard, item: string, to: string, seconds: number, held = false) {
    await world.advance(START + seconds * SECOND - world.ctx.now());
    if (held) await world.control('/_sim/faults', { type: 'drop-webhooks', count: 1 });
    await world.move(board.items[item] ?? '', to);
    await world.flush();
    const last = (await world.deliveries()).at(-1);
    expect(last?.dropped).toBe(held);
    return last?.id ?? '';
  }

  it('A → B, then B → A held back, then A → B again: the redelivered move goes between, none is lost', async () => {
    const { board, row } = await addBoard({ a: 'Todo' });
    await moveAt(board, 'a', 'In Progress', 10);
    const held = await moveAt(board, 'a', 'Todo', 20, true);
    await moveAt(board, 'a', 'In Progress', 30);
    await world.redeliver(held);
    const expected = [
      ['Todo', 'In Progress', 10],
      ['In Progress', 'Todo', 20],
      ['Todo', 'In Progress', 30],
    ];
    expect(await logged(row, board, 'a')).toEqual(expected);
    expect(await column(row, board, 'a')).toBe('In Progress');
    // A poll agrees with GitHub and adds nothing.
    await world.advance(MINUTE);
    expect(await poll().runOnce()).toBe(1);
    expect(await logged(row, board, 'a')).toEqual(expected);
    expect(await column(row, board, 'a')).toBe('In Progress');
  });

  it('the same when a poll recorded the first move before its webhook came', async () => {
    const { board, row } = await addBoard({ a: 'Todo' });
    const first = await moveAt(board, 'a', 'In Progress', 10, true);
    await world.advance(5 * SECOND);
    expect(await poll().runOnce()).toBe(1);
    const second = await moveAt(board, 'a', 'Todo', 20, true);
    await moveAt(board, 'a', 'In Progress', 30);
    await world.redeliver(first);
    await world.redeliver(second);
    expect(await logged(row, board, 'a')).toEqual([
      ['Todo', 'In Progress', 10],
      ['In Progress', 'Todo', 20],
      ['Todo', 'In Progress', 30],
    ]);
    expect(await column(row, board, 'a')).toBe('In Progress');
  });

  it('a poll that saw only the end of two moves, then their webhooks in reverse order', async () => {
    const { board, row } = await addBoard({ a: 'Todo' });
    const first = await moveAt(board, 'a', 'In Progress', 10, true);
    const second = await moveAt(board, 'a', 'Done', 20, true);
    await world.advance(5 * SECOND);
    expect(await poll().runOnce()).toBe(1);
    await world.redeliver(second);
    await world.redeliver(first);
    const deliveries = await world.deliveries();
    expect(deliveries.filter((d) => d.redelivery).map((d) => d.status)).toEqual([200, 200]);
    expect(await logged(row, board, 'a')).toEqual([
      ['Todo', 'In Progress', 10],
      ['In Progress', 'Done', 20],
    ]);
    expect(await column(row, board, 'a')).toBe('Done');
  });

  it('a late move dated before the last recorded one goes in time order and leaves the column alone', async () => {
    const { board, row } = await addBoard({ a: 'Todo' });
    const held = await moveAt(board, 'a', 'In Progress', 10, true);
    await moveAt(board, 'a', 'In Review', 20);
    await moveAt(board, 'a', 'Done', 30);
    await world.redeliver(held);
    expect(await logged(row, board, 'a')).toEqual([
      ['Todo', 'In Progress', 10],
      ['In Progress', 'In Review', 20],
      ['In Review', 'Done', 30],
    ]);
    expect(await column(row, board, 'a')).toBe('Done');
  });

  it('a log left ending elsewhere than the item stands (before the fix) is healed by the next full listing', async () => {
    const { board, row } = await addBoard({ a: 'Todo' });
    await moveAt(board, 'a', 'In Progress', 10);
    await moveAt(board, 'a', 'Todo', 20);
    await moveAt(board, 'a', 'In Progress', 30);
    // What the old rule left: the third move taken for a copy of the first.
    await world.ctx.db
      .deleteFrom('transitions')
      .where('board_id', '=', row.id)
      .where('at', '=', START + 30 * SECOND)
      .execute();
    await world.advance(MINUTE);
    expect(await poll().runOnce()).toBe(1);
    expect(await logged(row, board, 'a')).toEqual([
      ['Todo', 'In Progress', 10],
      ['In Progress', 'Todo', 20],
      ['Todo', 'In Progress', 30],
    ]);
    expect(await column(row, board, 'a')).toBe('In Progress');
  });
});
