import type { KyselyPlugin } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testClock } from '../testing/app.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';

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
});
