import type { KyselyPlugin } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { findBoardAccess } from '../tracked-boards/board-access.ts';
import { analysedBoard } from './board.ts';

const cases = await dialectCases();
const NOW = Date.UTC(2026, 10, 1, 15, 30);

/**
 * Counts every statement the app runs (one statement is one round trip on PostgreSQL), by its result:
 * a statement compiled once and run many times (tracked-boards/board-access.ts) is counted at each run.
 */
function counting(database: TestDatabase) {
  const sent: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      sent.push(String(args.queryId.queryId));
      return args.result;
    },
  };
  const db = database.handle.db.withPlugin(plugin);
  return { database: { ...database, handle: { ...database.handle, db } }, sent };
}

describe.each(cases)('a warm analysis asks the database once ($name)', ({ create }) => {
  const databases: TestDatabase[] = [];
  afterAll(async () => Promise.all(databases.map((d) => d.drop())));

  it('GET /api/leadtime/ and /api/flow/ answered from the cache send one statement each', async () => {
    const database = await create();
    databases.push(database);
    const { database: counted, sent } = counting(database);
    const { app, ctx } = await buildTestApp(counted, { clock: testClock(NOW) });
    const alice = await signedInUser(ctx, 'alice');
    await insertTestBoard(ctx.db, {
      id: 'b1',
      githubProjectId: 'PVT_1',
      addedAt: NOW - 86_400_000,
      trackedBy: { userId: alice.user.id, iterationLengthDays: 14 },
    });
    for (const url of ['/api/leadtime/?project=PVT_1&days=14', '/api/flow/?project=PVT_1&days=14']) {
      const cold = await app.inject({ method: 'GET', url, headers: alice.auth });
      expect(cold.statusCode).toBe(200);
      sent.length = 0;
      const warm = await app.inject({ method: 'GET', url, headers: alice.auth });
      expect(warm.statusCode).toBe(200);
      expect(warm.body).toBe(cold.body);
      expect(sent, url).toHaveLength(1);
    }
    await app.close();
  });

  it('a cached answer still checks the sign-in and the board: logout is 401 at once, another user 404', async () => {
    const database = await create();
    databases.push(database);
    const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
    const alice = await signedInUser(ctx, 'alice');
    const bob = await signedInUser(ctx, 'bob');
    await insertTestBoard(ctx.db, {
      id: 'b1',
      githubProjectId: 'PVT_1',
      addedAt: NOW - 86_400_000,
      trackedBy: { userId: alice.user.id, iterationLengthDays: 14 },
    });
    const url = '/api/leadtime/?project=PVT_1&days=14';
    expect((await app.inject({ url, headers: alice.auth })).statusCode).toBe(200);
    const other = await app.inject({ url, headers: bob.auth });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Project PVT_1 not found');
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout/',
      payload: { refresh_token: alice.refresh },
    });
    expect(logout.statusCode).toBeLessThan(300);
    const after = await app.inject({ url, headers: alice.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('This sign-in has ended (logged out)');
    await app.close();
  });

  it('what another process writes (a replica, the worker) is read at the next warm request: logout, revocation, untrack', async () => {
    const database = await create();
    databases.push(database);
    const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
    const other = openDatabase({ databaseUrl: database.url, dataDir: database.dataDir });
    const users = await Promise.all(['alice', 'bob', 'carol'].map((login) => signedInUser(ctx, login)));
    const [alice, bob, carol] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    await insertTestBoard(ctx.db, {
      id: 'b1',
      githubProjectId: 'PVT_1',
      addedAt: NOW - 86_400_000,
      trackedBy: { userId: alice.user.id, iterationLengthDays: 14 },
    });
    for (const user of [bob, carol]) {
      await ctx.db
        .insertInto('tracked_projects')
        .values({ user_id: user.user.id, board_id: 'b1', iteration_length_days: 14, added_at: NOW })
        .execute();
    }
    const url = '/api/leadtime/?project=PVT_1&days=14';
    const status = async (user: typeof alice) => (await app.inject({ url, headers: user.auth })).statusCode;
    // Asked more than once: the later answers are warm, their access rows possibly kept.
    for (let i = 0; i < 3; i++) {
      expect([await status(alice), await status(bob), await status(carol)]).toEqual([200, 200, 200]);
    }

    await other.db
      .updateTable('auth_sessions')
      .set({ ended_at: NOW })
      .where('id', '=', alice.sessionId)
      .execute();
    expect(await status(alice)).toBe(401);
    await other.db
      .updateTable('users')
      .set({ github_access_revoked_at: NOW })
      .where('id', '=', bob.user.id)
      .execute();
    expect(await status(bob)).toBe(401);
    await other.db.deleteFrom('tracked_projects').where('user_id', '=', carol.user.id).execute();
    expect(await status(carol)).toBe(404);
    await other.close();
    await app.close();
  });

  it("a poll's bookkeeping leaves the parsed board as it was; a settings change is read at the next request", async () => {
    const database = await create();
    databases.push(database);
    const { ctx } = await buildTestApp(database, { clock: testClock(NOW) });
    const alice = await signedInUser(ctx, 'alice');
    const bob = await signedInUser(ctx, 'bob');
    await insertTestBoard(ctx.db, {
      id: 'b1',
      githubProjectId: 'PVT_1',
      addedAt: NOW - 86_400_000,
      trackedBy: { userId: alice.user.id, iterationLengthDays: 14 },
    });
    const session = { sessionId: alice.sessionId, userId: alice.user.id };
    const read = async () => {
      const row = (await findBoardAccess(ctx.db, session, 'PVT_1'))?.board;
      if (!row) throw new Error('alice has no access to PVT_1');
      return row;
    };
    const row = await read();
    expect(row).not.toHaveProperty('lease_until');
    const parsed = analysedBoard(row, NOW);
    expect(parsed.iterationDays).toBe(14);

    await ctx.db
      .updateTable('boards')
      .set({ lease_until: NOW + 60_000, next_sync_at: NOW + 300_000 })
      .execute();
    expect(analysedBoard(await read(), NOW)).toBe(parsed);

    await ctx.db.updateTable('tracked_projects').set({ iteration_length_days: 7 }).execute();
    expect(analysedBoard(await read(), NOW).iterationDays).toBe(7);
    await ctx.db.updateTable('boards').set({ data_version: 9 }).execute();
    expect(analysedBoard(await read(), NOW).version).toBe(9);

    // Another tenant's sign-in finds no board under that id.
    expect(
      (await findBoardAccess(ctx.db, { sessionId: bob.sessionId, userId: bob.user.id }, 'PVT_1'))?.board,
    ).toBeUndefined();
  });
});
