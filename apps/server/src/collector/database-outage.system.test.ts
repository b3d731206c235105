import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Board } from '../db/schema.ts';
import { collectorWorldPerTest, HOUR } from '../testing/collector-sim.ts';
import { createPostgresTestDatabase, isPostgresReachable, type TestDatabase } from '../testing/databases.ts';
import { type CutOff, cutDatabaseOff, terminateLockWaiters } from '../testing/outage.ts';
import { waitFor } from '../testing/scale-out/processes.ts';
import type { BoardReader } from '../github/board-reader.ts';
import { readerFactory } from './readers.ts';
import { createCollector } from './runner.ts';

describe.runIf(await isPostgresReachable())('a collector whose database connection is lost mid-sync', () => {
  let database: TestDatabase;
  const world = collectorWorldPerTest(async () => {
    database = await createPostgresTestDatabase();
    return database;
  });

  /** A board synced once, then a move in GitHub an hour later, due to be polled. */
  const boardWithMove = async () => {
    const board = await world.createBoard('octo-alice', { a: 'Todo' });
    const row = await world.register(board.projectId);
    expect(await world.collector({ workerId: 'first' }).runOnce()).toBe(1);
    await world.advance(HOUR);
    await world.move(board.items.a ?? '', 'Done');
    return { itemId: board.items.a ?? '', boardId: row.id };
  };

  /** A collector whose first read of GitHub's listing is followed by `afterListing` (the fault). */
  const collectorWith = (afterListing: (board: Board) => Promise<void>) => {
    const real = readerFactory(world.ctx, null);
    let faulted = false;
    const readerFor = async (board: Board): Promise<BoardReader | null> => {
      const reader = await real(board);
      if (!reader) return null;
      const listProjectItems: BoardReader['listProjectItems'] = async (id, options) => {
        const items = await reader.listProjectItems(id, options);
        if (!faulted) {
          faulted = true;
          await afterListing(board);
        }
        return items;
      };
      return { ...reader, listProjectItems };
    };
    return createCollector(world.ctx, readerFor, { workerId: 'cut-short', leaseMs: 24 * HOUR });
  };

  const failureOf = (run: Promise<unknown>) =>
    run.then(
      () => null,
      (error: unknown) => error,
    );

  const expectSyncedAgain = async (
    collector: ReturnType<typeof createCollector>,
    { itemId, boardId }: { itemId: string; boardId: string },
  ) => {
    expect(await collector.runOnce()).toBe(1);
    const polled = (await world.moves(boardId)).filter((move) => move.source === 'poll');
    expect(polled).toMatchObject([{ item: itemId, from: 'Todo', to: 'Done' }]);
    expect(await world.board(boardId)).toMatchObject({
      lease_owner: null,
      sync_error_count: 0,
      last_error: null,
    });
  };

  it('away until after the sync: frees its lease once the database is back and syncs at once', async () => {
    const moved = await boardWithMove();
    let cut: CutOff | undefined;
    const collector = collectorWith(async () => {
      cut = await cutDatabaseOff(database.url ?? '');
    });
    expect(isDatabaseUnavailable(await failureOf(collector.runOnce()))).toBe(true);
    await cut?.restore();
    // Not after the 24-hour lease: the collector's next run frees it.
    expect(await world.board(moved.boardId)).toMatchObject({ lease_owner: 'cut-short' });
    await expectSyncedAgain(collector, moved);
  });

  it('one connection lost while recording: not counted as a GitHub failure, synced again at the next run', async () => {
    const moved = await boardWithMove();
    // The recording waits behind a lock the test holds on the board's row; its connection is ended there.
    const locker = new pg.Client({ connectionString: database.url ?? '' });
    await locker.connect();
    const collector = collectorWith(async (board) => {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM boards WHERE id = $1 FOR UPDATE', [board.id]);
    });
    const run = failureOf(collector.runOnce());
    await waitFor('the recording to wait for the lock', async () =>
      (await terminateLockWaiters(database.url ?? '')) > 0 ? true : undefined,
    );
    await locker.query('ROLLBACK');
    await locker.end();
    expect(isDatabaseUnavailable(await run)).toBe(true);
    expect(await world.board(moved.boardId)).toMatchObject({ sync_error_count: 0, last_error: null });
    await expectSyncedAgain(collector, moved);
  });
});
