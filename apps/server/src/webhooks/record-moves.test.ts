import { createServer, type Socket } from 'node:net';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Move } from '../collector/observation.ts';
import { recordReportedMove } from '../testing/reported-moves.ts';
import type { Database } from '../db/schema.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { buildTestApp, type TestApp, testClock, testConfig } from '../testing/app.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { deliveredMoveRecorder } from './record-moves.ts';

const NOW = Date.UTC(2026, 10, 1, 9);
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const BOARD = 'board-batches';
const ITEM = 'PVTI_late';

const webhook = (from: string, to: string, at: number): Move => ({
  itemId: ITEM,
  from,
  to,
  at,
  source: 'webhook',
});

describe.each(await dialectCases())('delivered moves recorded in batches on $name', ({ create }) => {
  let database: TestDatabase;
  let testApp: TestApp;

  beforeEach(async () => {
    database = await create();
    testApp = await buildTestApp(database, { clock: testClock(NOW) });
    await insertTestBoard(testApp.ctx.db, {
      id: BOARD,
      githubProjectId: 'PVT_batches',
      addedAt: NOW - 24 * HOUR,
    });
    // A poll saw only the end of the item's moves: Todo -> Done, at the time it entered Done.
    await recordReportedMove(
      testApp.ctx.db,
      BOARD,
      { itemId: ITEM, from: 'Todo', to: 'Done', at: NOW - HOUR, source: 'poll' },
      NOW,
    );
  });

  afterEach(async () => {
    await testApp.app.close();
    await database.drop();
  });

  const moves = async () =>
    (
      await testApp.ctx.db
        .selectFrom('transitions')
        .select(['from_column', 'to_column', 'at'])
        .where('board_id', '=', BOARD)
        .orderBy('at')
        .orderBy('id')
        .execute()
    ).map((r) => `${r.from_column} -> ${r.to_column} @${(Number(r.at) - NOW) / MINUTE}`);

  /** Deliveries handed over in one turn of the event loop: one batch. */
  const deliverTogether = (moves: Move[]) => {
    const record = deliveredMoveRecorder(testApp.ctx);
    return Promise.all(moves.map((move, i) => record(BOARD, { deliveryId: `d${i}`, move })));
  };

  it('a move read under a workflow field the board no longer has is marked and not recorded', async () => {
    // The field changed between the delivery's reading of the board and its recording.
    await testApp.ctx.db
      .updateTable('boards')
      .set({ workflow_field_id: 'PVTSSF_new' })
      .where('id', '=', BOARD)
      .execute();
    const record = deliveredMoveRecorder(testApp.ctx);
    const late = { move: webhook('Todo', 'Doing', NOW - 3 * HOUR) };
    expect(await record(BOARD, { deliveryId: 'old', fieldId: 'PVTSSF_old', ...late })).toBe(
      'ignored: the workflow field changed',
    );
    expect(await record(BOARD, { deliveryId: 'old', fieldId: 'PVTSSF_old', ...late })).toBe('duplicate');
    expect(await moves()).toEqual(['Todo -> Done @-60']);
    expect(await record(BOARD, { deliveryId: 'new', fieldId: 'PVTSSF_new', ...late })).toBe('recorded');
    expect(await moves()).toEqual(['Todo -> Doing @-180', 'Doing -> Done @-60']);
  });

  it('late moves of one item in one batch relink the chain as if recorded one after the other', async () => {
    const outcomes = await deliverTogether([
      webhook('Todo', 'Doing', NOW - 3 * HOUR),
      webhook('Doing', 'Review', NOW - 2 * HOUR),
    ]);
    expect(outcomes).toEqual(['recorded', 'recorded']);
    expect(await moves()).toEqual(['Todo -> Doing @-180', 'Doing -> Review @-120', 'Review -> Done @-60']);
  });

  it('a late move relinks the polled move, and a delivery of that move in the same batch is already recorded', async () => {
    // The delivered move carries the stamp the poll read (the same move; a second's turn may lie between).
    const outcomes = await deliverTogether([
      webhook('Todo', 'Doing', NOW - 3 * HOUR),
      webhook('Doing', 'Done', NOW - HOUR + 1_000),
    ]);
    expect(outcomes).toEqual(['recorded', 'already recorded']);
    expect(await moves()).toEqual(['Todo -> Doing @-180', 'Doing -> Done @-60']);
  });
});

describe('delivered moves while the database cannot be reached', () => {
  it('a batch that fails for want of the database fails its deliveries at once, not one by one again', async () => {
    // A PostgreSQL host that takes connections and never answers (a network cut): each try costs the timeout.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const pool = new pg.Pool({ host: '127.0.0.1', port: address.port, connectionTimeoutMillis: 200 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      const record = deliveredMoveRecorder({ config: testConfig(), db, dialect: 'postgres', now: () => NOW });
      const failures = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          record(BOARD, { deliveryId: `d${i}`, move: webhook('Todo', 'Doing', NOW - i * MINUTE) }).then(
            () => null,
            (error: unknown) => error,
          ),
        ),
      );
      expect(failures.every((error) => isDatabaseUnavailable(error))).toBe(true);
      // One try for the batch: retrying each delivery would keep the board's later deliveries waiting.
      expect(sockets).toHaveLength(1);
    } finally {
      await db.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
