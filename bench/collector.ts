/**
 * Collector benchmark: `npx tsx bench/collector.ts` (or `npm run bench -- collector`).
 * For SQLite and PostgreSQL, boards of BENCH_COLLECTOR_SIZES items (default 1000,10000; 50000 when asked)
 * in the GitHub simulator, served over real HTTP and read by the real collector: the first registration
 * (full listing and backfill), incremental polls with 0, 10 and 1,000 changed items, the 15-minute full
 * listing of an unchanged board; then webhook ingestion into one server process (collector-webhooks.ts)
 * and the GitHub budget of 20 boards of 1,000 items at the default schedule, measured over simulated
 * hours (collector-budget.ts; BENCH_COLLECTOR_BUDGET=only runs just it, =off all but it).
 * Database round trips are counted by a Kysely plugin (collector-meter.ts); GitHub points by the
 * simulator's rate-limit accounting. `before` columns: the round trips recorded in
 * bench/collector-baseline.json (BENCH_COLLECTOR_BASELINE=save records the current code's).
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { schedulePolicy } from '../apps/server/src/collector/schedule.ts';
import { testConfig } from '../apps/server/src/testing/app.ts';
import { MINUTE, START, startCollectorWorld } from '../apps/server/src/testing/collector-sim.ts';
import {
  createPostgresTestDatabase,
  createSqliteTestDatabase,
  isPostgresReachable,
  type TestDatabase,
} from '../apps/server/src/testing/databases.ts';
import { issueAccessToken } from '../apps/server/src/auth/access-tokens.ts';
import { startSession } from '../apps/server/src/auth/sessions.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { LOGIN, moveItems, pointsUsed, resetPoints, seedBoard } from './collector-board.ts';
import { dataRowsWritten, type DbUsage, dbMeter } from './collector-meter.ts';
import { benchBudget, printBudget } from './collector-budget.ts';
import { benchWebhooks, type WebhookFigures } from './collector-webhooks.ts';

const SIZES = (process.env.BENCH_COLLECTOR_SIZES ?? '1000,10000').split(',').map(Number);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const CHANGED = [0, 10, 1000];
/** `only`: just the GitHub budget (collector-budget.ts); `off`: all but it. */
const BUDGET = process.env.BENCH_COLLECTOR_BUDGET ?? 'on';
/** `on`: the board has a Priority field, registered as its breakdown field (docs/performance.md). */
const BREAKDOWN = process.env.BENCH_COLLECTOR_BREAKDOWN === 'on';
const BASELINE = fileURLToPath(new URL('./collector-baseline.json', import.meta.url));
const POLICY = schedulePolicy(testConfig().collectorTiming);

type Step = { wallMs: number; points: number; db: DbUsage };
type SizeFigures = { size: number; registration: Step; polls: Step[]; full: Step; webhooks?: WebhookFigures };
type Baseline = { about?: string; commit: string; date?: string; trips: Record<string, number> };
/** Said in the file itself, so a reader of it knows what the figures are and when they were taken. */
const ABOUT =
  "Database round trips of each collector step (bench/collector.ts), the 'trips bef' column of its next run; recorded by BENCH_COLLECTOR_BASELINE=save at this commit and date.";

const baseline: Baseline | null = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : null;
const measuredTrips: Record<string, number> = {};

async function measure(
  meter: ReturnType<typeof dbMeter>,
  sim: Parameters<typeof resetPoints>[0],
  work: () => Promise<unknown>,
): Promise<Step> {
  resetPoints(sim);
  meter.take();
  const start = performance.now();
  await work();
  return { wallMs: performance.now() - start, points: pointsUsed(sim), db: meter.take() };
}

async function benchSize(create: () => Promise<TestDatabase>, size: number, webhooks: boolean) {
  const database = await create();
  const meter = dbMeter(database);
  const world = await startCollectorWorld(meter.database);
  world.sim.webhooks.urls = [];
  let closed = false;
  try {
    const board = seedBoard(world.sim, size, START, BREAKDOWN);
    const breakdown = board.priorityFieldId ? { breakdown_field_id: board.priorityFieldId } : {};
    const collector = world.collector({ backfill: true });
    const syncOnce = async () => {
      const synced = await collector.runOnce();
      const row = await database.handle.db
        .selectFrom('boards')
        .select('last_error')
        .where('github_project_id', '=', board.projectId)
        .executeTakeFirst();
      if (synced !== 1 || row?.last_error) throw new Error(`sync failed: ${row?.last_error ?? 'not due'}`);
    };
    const registration = await measure(meter, world.sim, async () => {
      await world.register(board.projectId, breakdown);
      await syncOnce();
    });
    const polls: Step[] = [];
    for (const changed of CHANGED) {
      moveItems(world.sim, board.items, Math.min(changed, size));
      await world.advance(POLICY.pollIntervalMs);
      polls.push(await measure(meter, world.sim, syncOnce));
    }
    await world.advance(POLICY.fullSyncIntervalMs);
    const full = await measure(meter, world.sim, syncOnce);
    const figures: SizeFigures = { size, registration, polls, full };
    if (webhooks) {
      const rows = await database.handle.db
        .selectFrom('items')
        .select(['item_id', 'column_name'])
        .where('removed_at', 'is', null)
        .execute();
      const now = world.clock.now();
      const { config } = world.ctx;
      const auth = await freshSession(world.ctx);
      await world.close();
      closed = true;
      figures.webhooks = await benchWebhooks({
        databaseUrl: database.url,
        dataDir: database.dataDir,
        config,
        now,
        projectId: board.projectId,
        columns: new Map(rows.map((r) => [r.item_id, r.column_name ?? 'Todo'])),
        auth,
      });
    }
    return figures;
  } finally {
    if (!closed) await world.close();
    await database.drop();
  }
}

/** The tests' access token has expired by now (the clock moved on): a new session for the same user. */
async function freshSession(ctx: AppContext): Promise<{ authorization: string }> {
  const user = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', LOGIN)
    .executeTakeFirstOrThrow();
  const sessionId = await startSession(ctx.db, user.id, ctx.now());
  const access = await issueAccessToken({
    userId: user.id,
    sessionId,
    secret: ctx.config.jwtSecret,
    now: ctx.now(),
  });
  return { authorization: `Bearer ${access}` };
}

const secs = (ms: number) => (ms / 1000).toFixed(2);
const pad = (cells: (string | number)[], widths: number[]) =>
  cells.map((c, i) => String(c).padStart(widths[i] ?? 8)).join('  ');

function trips(key: string, usage: DbUsage): string[] {
  measuredTrips[key] = usage.trips;
  const before = baseline?.trips[key];
  return [before === undefined ? '-' : String(before), String(usage.trips)];
}

function print(dialect: string, all: SizeFigures[]): void {
  const w = [7, 9, 8, 8, 9, 10, 10, 10];
  console.log(`\n${dialect}: first registration (full listing + backfill)`);
  console.log(pad(['items', 'wall s', 'db s', 'points', 'pts/100', 'trips bef', 'trips now'], w));
  for (const f of all) {
    const r = f.registration;
    const per100 = ((r.points / f.size) * 100).toFixed(2);
    console.log(
      pad(
        [
          f.size,
          secs(r.wallMs),
          secs(r.db.ms),
          r.points,
          per100,
          ...trips(`${dialect}/${f.size}/registration`, r.db),
        ],
        w,
      ),
    );
  }
  console.log(`\n${dialect}: incremental poll`);
  console.log(pad(['items', 'changed', 'wall ms', 'db ms', 'points', 'rows', 'trips bef', 'trips now'], w));
  for (const f of all) {
    f.polls.forEach((p, i) => {
      const changed = Math.min(CHANGED[i] ?? 0, f.size);
      const row = [f.size, changed, p.wallMs.toFixed(0), p.db.ms.toFixed(0), p.points, dataRowsWritten(p.db)];
      console.log(pad([...row, ...trips(`${dialect}/${f.size}/poll-${CHANGED[i]}`, p.db)], w));
    });
  }
  console.log(
    `\n${dialect}: full listing of an unchanged board (every ${POLICY.fullSyncIntervalMs / MINUTE} min)`,
  );
  console.log(
    pad(['items', 'wall ms', 'db ms', 'points', 'rows', 'board rows', 'trips bef', 'trips now'], w),
  );
  for (const f of all) {
    const p = f.full;
    const row = [
      f.size,
      p.wallMs.toFixed(0),
      p.db.ms.toFixed(0),
      p.points,
      dataRowsWritten(p.db),
      p.db.written.boards ?? 0,
    ];
    console.log(pad([...row, ...trips(`${dialect}/${f.size}/full`, p.db)], w));
  }
  const hooked = all.find((f) => f.webhooks);
  if (hooked?.webhooks) printWebhooks(dialect, hooked.size, hooked.webhooks);
}

function printWebhooks(dialect: string, size: number, h: WebhookFigures): void {
  const at = (p: number) =>
    (
      h.visibleMs[Math.min(h.visibleMs.length - 1, Math.floor((h.visibleMs.length * p) / 100))] ?? NaN
    ).toFixed(1);
  console.log(`\n${dialect}: webhook ingestion (board of ${size} items, one server process)`);
  console.log(
    `  ${h.perSecond.toFixed(0)} deliveries/s recorded (${h.deliveries} in all, ${h.failed} not recorded)`,
  );
  const cpu = h.cpuMsPerDelivery;
  console.log(`  server CPU ${cpu.toFixed(2)} ms a delivery: ${(1000 / cpu).toFixed(0)}/s on one whole core`);
  console.log(
    `  delivery → move in /api/flow/: p50 ${at(50)} ms, p95 ${at(95)} ms (${h.visibleMs.length} probes)`,
  );
}

async function benchDialect(name: string, create: () => Promise<TestDatabase>) {
  const all: SizeFigures[] = [];
  for (const size of SIZES) {
    all.push(await benchSize(create, size, size === SIZES[0]));
  }
  print(name, all);
}

const pgReachable = DIALECTS.includes('postgres') && (await isPostgresReachable());
if (BUDGET !== 'only') {
  if (DIALECTS.includes('sqlite')) await benchDialect('SQLite', createSqliteTestDatabase);
  if (pgReachable) await benchDialect('PostgreSQL', createPostgresTestDatabase);
  else if (DIALECTS.includes('postgres'))
    console.log('\nPostgreSQL: not reachable on 127.0.0.1:5432, skipped');
}
// GitHub's points do not depend on the database: the budget runs on one.
if (BUDGET !== 'off') {
  const [name, create] = DIALECTS.includes('sqlite')
    ? ['SQLite', createSqliteTestDatabase]
    : ['PostgreSQL', createPostgresTestDatabase];
  if (name === 'SQLite' || pgReachable) printBudget(name, await benchBudget(create));
}
if (baseline)
  console.log(
    `\ntrips bef: round trips measured at ${baseline.commit}${baseline.date ? ` on ${baseline.date}` : ''} (bench/collector-baseline.json)`,
  );
if (process.env.BENCH_COLLECTOR_BASELINE === 'save') {
  const commit = execSync('git rev-parse --short HEAD').toString().trim();
  const trips = { ...baseline?.trips, ...measuredTrips };
  const date = new Date().toISOString().slice(0, 10);
  writeFileSync(BASELINE, `${JSON.stringify({ about: ABOUT, commit, date, trips }, null, 2)}\n`);
  console.log(`round trips saved to ${BASELINE}`);
}
