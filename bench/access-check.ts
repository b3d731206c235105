/**
 * `npx tsx bench/access-check.ts`: the CPU time of a warm answer's access check (the access statement
 * and the parsed board, analytics/access.ts) per request, in process, on a small board, steady and with
 * a poll's bookkeeping (lease, next sync) written between every two requests, and with BENCH_IN_FLIGHT (32)
 * requests in flight (the process's CPU over the requests, as a loaded server). BENCH_DIALECTS=sqlite,postgres
 * (on PostgreSQL the client's side only); BENCH_CODE_ROOT=<checkout> measures another revision's code.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { codeRoot } from './code.ts';

const at = (path: string) => import(pathToFileURL(join(codeRoot, 'apps/server/src', path)).href);
const [{ buildTestApp, testClock }, { insertTestBoard }, databases, { signedInUser }, access, board] =
  await Promise.all([
    at('testing/app.ts'),
    at('testing/boards.ts'),
    at('testing/databases.ts'),
    at('testing/users.ts'),
    at('tracked-boards/board-access.ts'),
    at('analytics/board.ts'),
  ]);

const NOW = Date.UTC(2026, 10, 1, 15, 30);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite').split(',');
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 32);
const cpu = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

async function measure(dialect: string): Promise<void> {
  const database =
    dialect === 'postgres'
      ? await databases.createPostgresTestDatabase()
      : await databases.createSqliteTestDatabase();
  const { ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  const alice = await signedInUser(ctx, 'alice');
  const trackedBy = { userId: alice.user.id, iterationLengthDays: 14 };
  await insertTestBoard(ctx.db, { id: 'b1', githubProjectId: 'PVT_1', addedAt: NOW - 86_400_000, trackedBy });
  const session = { sessionId: alice.sessionId, userId: alice.user.id };
  const check = async () => {
    const found = await access.findBoardAccess(ctx.db, session, 'PVT_1');
    return board.analysedBoard(found.board, NOW);
  };
  for (let i = 0; i < 500; i++) await check();
  const perRequest = async (pollEvery: number) => {
    let used = 0;
    for (let i = 0; i < REQUESTS; i++) {
      if (pollEvery > 0 && i % pollEvery === 0) {
        await ctx.db
          .updateTable('boards')
          .set({ lease_until: NOW + i, next_sync_at: NOW + i })
          .execute();
      }
      const since = process.cpuUsage();
      await check();
      used += cpu(since);
    }
    return (used / REQUESTS).toFixed(1);
  };
  const concurrent = async () => {
    let started = 0;
    const since = process.cpuUsage();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (started++ < REQUESTS) await check();
      }),
    );
    return (cpu(since) / REQUESTS).toFixed(1);
  };
  const steady = await perRequest(0);
  const polled = await perRequest(2);
  const inFlight = await concurrent();
  console.log(
    `${dialect}: access check CPU ${steady} µs a request, ${polled} µs with a poll between every two, ` +
      `${inFlight} µs with ${IN_FLIGHT} in flight ` +
      `(load ${(loadavg()[0] ?? 0).toFixed(1)}; code: ${codeRoot})`,
  );
  await database.drop();
}

for (const dialect of DIALECTS) await measure(dialect);
process.exit(0);
