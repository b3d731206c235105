import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { type CollectorWorld, HOUR, startCollectorWorld } from '../testing/collector-sim.ts';
import { createPostgresTestDatabase, isPostgresReachable, type TestDatabase } from '../testing/databases.ts';
import { type CutOff, cutDatabaseOff } from '../testing/outage.ts';
import { readerFactory } from './readers.ts';
import { createCollector } from './runner.ts';

describe.runIf(await isPostgresReachable())('a collector whose database goes away mid-sync', () => {
  let database: TestDatabase;
  let world: CollectorWorld;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    world = await startCollectorWorld(database);
  });

  afterAll(async () => {
    await world?.close();
    await database?.drop();
  });

  it('frees its lease once the database is back and syncs the board at once, not after the lease', async () => {
    const board = await world.createBoard('octo-alice', { a: 'Todo' });
    const row = await world.register(board.projectId);
    expect(await world.collector({ workerId: 'first' }).runOnce()).toBe(1);
    await world.advance(HOUR);
    await world.move(board.items.a ?? '', 'Done');

    // The database goes away after GitHub was read, before the sync is recorded and its lease released.
    let cut: CutOff | undefined;
    const real = readerFactory(world.ctx, null);
    const collector = createCollector(
      world.ctx,
      async (b) => {
        const reader = await real(b);
        if (!reader) return null;
        return {
          ...reader,
          listProjectItems: async (id, options) => {
            const items = await reader.listProjectItems(id, options);
            cut ??= await cutDatabaseOff(database.url ?? '');
            return items;
          },
        };
      },
      { workerId: 'cut-short', leaseMs: 24 * HOUR },
    );
    const failure = await collector.runOnce().then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await cut?.restore();
    expect(await world.board(row.id)).toMatchObject({ lease_owner: 'cut-short' });

    expect(await collector.runOnce()).toBe(1);
    const moves = (await world.moves(row.id)).filter((move) => move.source === 'poll');
    expect(moves).toMatchObject([{ item: board.items.a, from: 'Todo', to: 'Done' }]);
    expect(await world.board(row.id)).toMatchObject({ lease_owner: null, lease_until: null });
  });
});
