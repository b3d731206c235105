import { describe, expect, it } from 'vitest';
import { scheduleResync } from '../boards/repository.ts';
import { readerFactory } from './readers.ts';
import { createCollector } from './runner.ts';
import {
  type CollectorWorld,
  collectorWorldPerTest,
  HOUR,
  MINUTE,
  type SimBoard,
  START,
} from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';

const LEASE = 5 * MINUTE;

type Row = { item: string; from: string | null; to: string | null; at: number; source: string };

async function named(world: CollectorWorld, board: SimBoard, boardId: string): Promise<Row[]> {
  return (await world.moves(boardId)).map((r) => ({ ...r, item: board.names.get(r.item) ?? r.item }));
}

async function at(world: CollectorWorld, offset: number): Promise<void> {
  await world.advance(START + offset - world.ctx.now());
}

/** A user-owned board (polling only) with three items, added and snapshotted at START. */
async function polledBoard(world: CollectorWorld) {
  const board = await world.createBoard('octo-alice', { a: 'Todo', b: 'Todo', c: 'In Progress' });
  const row = await world.register(board.projectId);
  expect(await world.collector({ workerId: 'first' }).runOnce()).toBe(1);
  return { board, boardId: row.id };
}

/** Three moves at START + 1, 2 and 3 minutes, and the rows they must leave after the snapshot. */
async function threeMoves(world: CollectorWorld, board: SimBoard): Promise<Row[]> {
  const script: [string, string, string][] = [
    ['a', 'Todo', 'In Progress'],
    ['b', 'Todo', 'In Review'],
    ['c', 'In Progress', 'Done'],
  ];
  const rows: Row[] = [];
  for (const [i, [item, from, to]] of script.entries()) {
    await at(world, (i + 1) * MINUTE);
    await world.move(board.items[item] ?? '', to);
    rows.push({ item, from, to, at: START + (i + 1) * MINUTE, source: 'poll' });
  }
  return rows;
}

describe.each(await dialectCases())('collector resilience on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);

  it('a worker killed mid-sync holds the board until its lease expires; another then records each move once', async () => {
    const { board, boardId } = await polledBoard(world);
    const expected = await threeMoves(world, board);
    await at(world, 4 * MINUTE);
    // Worker "doomed" reads GitHub and then never returns, as a process killed before writing.
    let reached: () => void = () => {};
    const readIt = new Promise<void>((resolve) => (reached = resolve));
    const real = readerFactory(world.ctx, null);
    const doomed = createCollector(
      world.ctx,
      async (b) => {
        const reader = await real(b);
        if (!reader) return null;
        return {
          ...reader,
          listProjectItems: async (id, options) => {
            await reader.listProjectItems(id, options);
            reached();
            return new Promise(() => {});
          },
        };
      },
      { workerId: 'doomed', leaseMs: LEASE },
    );
    void doomed.runOnce();
    await readIt;
    const survivor = world.collector({ workerId: 'survivor', leaseMs: LEASE });
    expect(await survivor.runOnce()).toBe(0);
    expect(await world.board(boardId)).toMatchObject({ lease_owner: 'doomed' });
    await world.advance(LEASE + 1000);
    expect(await survivor.runOnce()).toBe(1);
    expect((await named(world, board, boardId)).slice(3)).toEqual(expected);
    expect(await world.board(boardId)).toMatchObject({ lease_owner: null, lease_until: null });
  });

  it('a worker killed after writing but before releasing its lease: the next one adds no duplicate', async () => {
    const { board, boardId } = await polledBoard(world);
    const expected = await threeMoves(world, board);
    await at(world, 4 * MINUTE);
    const before = await world.board(boardId);
    expect(await world.collector({ workerId: 'doomed', leaseMs: LEASE }).runOnce()).toBe(1);
    // What the crash leaves: its writes committed, the board still leased and its schedule not moved on.
    await world.ctx.db
      .updateTable('boards')
      .set({
        lease_owner: 'doomed',
        lease_until: world.ctx.now() + LEASE,
        last_synced_at: before.last_synced_at,
        next_sync_at: before.next_sync_at,
        last_full_sync_at: before.last_full_sync_at,
      })
      .where('id', '=', boardId)
      .execute();
    await world.advance(LEASE + 1000);
    expect(await world.collector({ workerId: 'survivor', leaseMs: LEASE }).runOnce()).toBe(1);
    expect((await named(world, board, boardId)).slice(3)).toEqual(expected);
  });

  it('a sync slower than its lease: another worker takes over, the slow one then adds nothing and releases nothing', async () => {
    const { board, boardId } = await polledBoard(world);
    const expected = await threeMoves(world, board);
    await at(world, 4 * MINUTE);
    const real = readerFactory(world.ctx, null);
    const survivor = world.collector({ workerId: 'survivor', leaseMs: LEASE });
    let survivorRuns = 0;
    const slow = createCollector(
      world.ctx,
      async (b) => {
        const reader = await real(b);
        if (!reader) return null;
        return {
          ...reader,
          listProjectItems: async (id, options) => {
            const items = await reader.listProjectItems(id, options);
            // While this answer was slow, the lease ran out and another worker synced the board.
            await world.advance(LEASE + 1000);
            survivorRuns = await survivor.runOnce();
            return items;
          },
        };
      },
      { workerId: 'slow', leaseMs: LEASE },
    );
    expect(await slow.runOnce()).toBe(1);
    expect(survivorRuns).toBe(1);
    expect((await named(world, board, boardId)).slice(3)).toEqual(expected);
    const row = await world.board(boardId);
    expect(row).toMatchObject({ lease_owner: null, last_synced_at: START + 4 * MINUTE + LEASE + 1000 });
  });

  it('two workers running at once sync a board once', async () => {
    const { board, boardId } = await polledBoard(world);
    const expected = await threeMoves(world, board);
    await at(world, 4 * MINUTE);
    const runs = await Promise.all(
      ['one', 'two', 'three'].map((workerId) => world.collector({ workerId }).runOnce()),
    );
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await named(world, board, boardId)).slice(3)).toEqual(expected);
  });

  it('5xx answers back the board off exponentially and lose no move', async () => {
    const { board, boardId } = await polledBoard(world);
    const expected = await threeMoves(world, board);
    await world.control('/_sim/faults', { type: '5xx', status: 502, scope: 'graphql' });
    await at(world, 4 * MINUTE);
    const collector = world.collector();
    expect(await collector.runOnce()).toBe(1);
    expect(await world.board(boardId)).toMatchObject({
      sync_error_count: 1,
      next_sync_at: START + 4 * MINUTE + 2 * MINUTE,
      sync_status: 'active',
    });
    expect((await world.board(boardId)).last_error).toMatch(/GitHub kept failing/);
    await at(world, 5 * MINUTE);
    expect(await collector.runOnce()).toBe(0);
    await at(world, 6 * MINUTE);
    expect(await collector.runOnce()).toBe(1);
    expect(await world.board(boardId)).toMatchObject({
      sync_error_count: 2,
      next_sync_at: START + 6 * MINUTE + 4 * MINUTE,
    });
    expect(await named(world, board, boardId)).toHaveLength(3);
    await world.control('/_sim/faults', undefined, 'DELETE');
    await at(world, 10 * MINUTE);
    expect(await collector.runOnce()).toBe(1);
    expect(await world.board(boardId)).toMatchObject({ sync_error_count: 0, last_error: null });
    expect((await named(world, board, boardId)).slice(3)).toEqual(expected);
  });

  it('a full listing asked while the board backs off waits for the backoff, and is not forgotten', async () => {
    const { boardId } = await polledBoard(world);
    await world.control('/_sim/faults', { type: '5xx', status: 502, scope: 'graphql' });
    await at(world, 4 * MINUTE);
    const collector = world.collector();
    expect(await collector.runOnce()).toBe(1);
    const backingOff = await world.board(boardId);
    expect(backingOff.sync_error_count).toBe(1);
    // A breakdown field picked (or a webhook asking a full listing) now: GitHub is not asked again sooner...
    expect(await scheduleResync(world.ctx.db, boardId, world.ctx.now(), true)).toBe(false);
    const asked = await world.board(boardId);
    expect(asked.next_sync_at).toBe(backingOff.next_sync_at);
    // ...but the sync after the backoff lists the board in full, within the hour of its last full listing.
    expect(asked.last_full_sync_at).toBeNull();
    await world.control('/_sim/faults', undefined, 'DELETE');
    await world.advance(asked.next_sync_at - world.ctx.now());
    expect(await collector.runOnce()).toBe(1);
    expect(await world.board(boardId)).toMatchObject({
      sync_error_count: 0,
      last_full_sync_at: world.ctx.now(),
    });
  });

  it('secondary rate limits delay the sync, never lose a move', async () => {
    const { board, boardId } = await polledBoard(world);
    const expected = await threeMoves(world, board);
    // Short retry-afters are waited out inside one sync (instantly here: the test client does not sleep).
    await world.control('/_sim/faults', { type: 'secondary-rate-limit', retryAfter: 30, count: 1 });
    await at(world, 4 * MINUTE);
    const collector = world.collector();
    expect(await collector.runOnce()).toBe(1);
    expect((await named(world, board, boardId)).slice(3)).toEqual(expected);
    // A long one ends the sync: the board waits at least the backoff and at most the longest backoff.
    await world.control('/_sim/faults', { type: 'secondary-rate-limit', retryAfter: 600 });
    await at(world, 6 * MINUTE);
    await world.move(board.items.a ?? '', 'Done');
    await at(world, 7 * MINUTE);
    expect(await collector.runOnce()).toBe(1);
    const waiting = await world.board(boardId);
    expect(waiting.sync_error_count).toBe(1);
    expect(waiting.next_sync_at - world.ctx.now()).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(waiting.next_sync_at - world.ctx.now()).toBeLessThanOrEqual(HOUR);
    await world.control('/_sim/faults', undefined, 'DELETE');
    await world.advance(waiting.next_sync_at - world.ctx.now());
    expect(await collector.runOnce()).toBe(1);
    expect((await named(world, board, boardId)).at(-1)).toEqual({
      item: 'a',
      from: 'In Progress',
      to: 'Done',
      at: START + 6 * MINUTE,
      source: 'poll',
    });
  });

  it("GitHub's secondary limit as a rule (GraphQL points a minute) is waited out, never read as access lost", async () => {
    const { board, boardId } = await polledBoard(world);
    const expected = await threeMoves(world, board);
    // One query a minute: the sync's second is refused, 403 with retry-after, until the minute ends.
    await world.control('/_sim/options', { secondaryLimits: { graphqlPointsPerMinute: 1 } });
    await at(world, 4 * MINUTE);
    const collector = world.collector();
    expect(await collector.runOnce()).toBe(1);
    const waiting = await world.board(boardId);
    expect(waiting).toMatchObject({ sync_error_count: 1, sync_status: 'active' });
    expect(waiting.last_error).toMatch(/secondary rate limit/);
    // GitHub's retry-after (to the end of the minute) is at most a minute: the backoff is the longer wait.
    expect(waiting.next_sync_at - world.ctx.now()).toBe(2 * MINUTE);
    await world.control('/_sim/options', { secondaryLimits: null });
    await world.advance(waiting.next_sync_at - world.ctx.now());
    expect(await collector.runOnce()).toBe(1);
    expect(await world.board(boardId)).toMatchObject({
      sync_error_count: 0,
      sync_status: 'active',
      last_error: null,
    });
    expect((await named(world, board, boardId)).slice(3)).toEqual(expected);
  });

  it('a secondary limit whose retry-after is longer than the backoff holds the board that long on its own clock', async () => {
    const { board, boardId } = await polledBoard(world);
    await world.control('/_sim/faults', { type: 'secondary-rate-limit', retryAfter: 1800 });
    await at(world, 4 * MINUTE);
    await world.move(board.items.a ?? '', 'Done');
    expect(await world.collector().runOnce()).toBe(1);
    const waiting = await world.board(boardId);
    expect(waiting).toMatchObject({ sync_error_count: 1, sync_status: 'active' });
    expect(waiting.next_sync_at - world.ctx.now()).toBe(30 * MINUTE);
    await world.control('/_sim/faults', undefined, 'DELETE');
  });

  it('a spent GraphQL budget waits for its reset; a low one polls again only after the reset', async () => {
    const { board, boardId } = await polledBoard(world);
    const expected = await threeMoves(world, board);
    await at(world, 4 * MINUTE);
    await world.control('/_sim/rate-limit', { login: 'octo-alice', remaining: 0, resetInMs: 30 * MINUTE });
    const collector = world.collector();
    expect(await collector.runOnce()).toBe(1);
    expect(await world.board(boardId)).toMatchObject({
      sync_error_count: 1,
      next_sync_at: START + 4 * MINUTE + 30 * MINUTE,
    });
    await at(world, 34 * MINUTE);
    await world.control('/_sim/rate-limit', { login: 'octo-alice', remaining: 150, resetInMs: 20 * MINUTE });
    expect(await collector.runOnce()).toBe(1);
    expect((await named(world, board, boardId)).slice(3)).toEqual(expected);
    expect(await world.board(boardId)).toMatchObject({ next_sync_at: START + 54 * MINUTE });
  });
});
