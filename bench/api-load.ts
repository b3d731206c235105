/**
 * API benchmark: `npx tsx bench/api-load.ts` (or `npm run bench`).
 * For SQLite and PostgreSQL (127.0.0.1:5432, a throwaway database; skipped when unreachable), seeds a
 * generated board (default 100,000 issues, 1,000,000 transitions, 730 days, 8 columns) tracked by one
 * user, starts the real Fastify app in a child process on a real port, and measures over HTTP:
 * the cold latency (first request after start), then warm latency at a fixed offered rate (open loop,
 * latency from each request's scheduled time, so queueing counts) and throughput at full concurrency.
 * The server runs in its own process so that the load generator does not share its event loop.
 * Replicas: on PostgreSQL, warm lead time at full concurrency against one server process, then spread
 * over two on the same database, with the CPU time each process used (how the cores were shared).
 * Knobs: BENCH_ITEMS, BENCH_TRANSITIONS, BENCH_DAYS, BENCH_RATE (200), BENCH_SECONDS (10),
 * BENCH_CONCURRENCY (32), BENCH_DIALECTS (sqlite,postgres), BENCH_REPLICAS (rounds of the replicas run, 3; 0 skips it).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildLeadTimeReport, buildTimeInStateReport } from '../packages/flow/src/index.ts';
import { loadBoardData } from '../apps/server/src/move-log/load-moves.ts';
import { loadBoardItems } from '../apps/server/src/move-log/items.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { recordReportedMove } from '../apps/server/src/collector/record.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { compactBoardMoves, snapshotBoardItems } from '../apps/server/src/move-log/compact.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import {
  createPostgresTestDatabase,
  createSqliteTestDatabase,
  isPostgresReachable,
  type TestDatabase,
} from '../apps/server/src/testing/databases.ts';
import { signedInUser } from '../apps/server/src/testing/users.ts';
import { type GeneratedBoard, generateBoard } from './generate-board.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SIZE = {
  issues: env('BENCH_ITEMS', 100_000),
  transitions: env('BENCH_TRANSITIONS', env('BENCH_ITEMS', 100_000) * 10),
  days: env('BENCH_DAYS', 730),
};
const RATE = env('BENCH_RATE', 200);
const SECONDS = env('BENCH_SECONDS', 10);
const CONCURRENCY = env('BENCH_CONCURRENCY', 32);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
/** Rounds of the replicas run (one server, then two, each round); 0 skips it. */
const REPLICA_ROUNDS = env('BENCH_REPLICAS', 3);
const BOARD_ID = 'bench-board';
/** Moves recorded one at a time after the cold requests, each followed by a request (median reported). */
const MOVES_AFTER_START = 5;
const PROJECT = 'PVT_bench';
const ENDPOINTS = {
  leadtime: `/api/leadtime/?project=${PROJECT}&days=14`,
  timeinstate: `/api/timeinstate/?project=${PROJECT}&days=14`,
};

/** What the parent hands the server process. */
type ServeOptions = {
  databaseUrl: string | null;
  dataDir: string;
  secrets: Record<string, string>;
  now: number;
};

// ---------------------------------------------------------------- seeding

async function seed(database: TestDatabase, board: GeneratedBoard, secrets: Record<string, string>) {
  const config = loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', ...secrets });
  const ctx: AppContext = {
    config,
    db: database.handle.db,
    dialect: database.handle.dialect,
    now: () => board.now,
  };
  const session = await signedInUser(ctx, 'bench');
  await ctx.db
    .insertInto('boards')
    .values({
      id: BOARD_ID,
      github_project_id: PROJECT,
      owner_login: 'acme',
      owner_type: 'Organization',
      number: 1,
      title: 'Bench board',
      column_list: JSON.stringify(board.columns),
      is_demo: 0,
      added_at: board.transitions[0]?.at ?? board.now,
      sync_status: 'active',
      last_synced_at: board.now,
      next_sync_at: board.now,
      sync_error_count: 0,
      last_error: null,
      lease_owner: null,
      lease_until: null,
      collector_user_id: session.user.id,
      data_version: 1,
    })
    .execute();
  await ctx.db
    .insertInto('tracked_projects')
    .values({
      user_id: session.user.id,
      board_id: BOARD_ID,
      iteration_length_days: 14,
      cycle_time_start_column: board.cycleStartColumn,
      added_at: board.now,
    })
    .execute();
  // Recorded in time order, as the collector appends them: the rows' physical order is by time.
  const byTime = { ...board, transitions: [...board.transitions].sort((a, b) => a.at - b.at) };
  if (database.url) await seedPostgres(database.url, byTime);
  else seedSqlite(join(database.dataDir, 'fluxion.sqlite'), byTime);
  return session.auth;
}

function itemRow(item: GeneratedBoard['items'][number], now: number) {
  return [
    BOARD_ID,
    item.id,
    item.number,
    item.title,
    item.url,
    'Issue',
    item.milestone,
    JSON.stringify(item.labels),
    item.column,
    item.enteredColumnAt,
    item.column === null ? now : null,
    now,
  ];
}
const ITEM_COLUMNS =
  'board_id, item_id, number, title, url, content_type, milestone, labels, column_name, entered_column_at, removed_at, updated_at';
const TRANSITION_COLUMNS = 'board_id, item_id, from_column, to_column, at, source, recorded_at';

/** One transaction of prepared inserts on a second connection: about a million rows in seconds. */
function seedSqlite(file: string, board: GeneratedBoard): void {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('cache_size = -262144');
  const item = sqlite.prepare(`INSERT INTO items (${ITEM_COLUMNS}) VALUES (${'?, '.repeat(11)}?)`);
  const move = sqlite.prepare(`INSERT INTO transitions (${TRANSITION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  sqlite.transaction(() => {
    for (const i of board.items) item.run(itemRow(i, board.now));
    for (const t of board.transitions) move.run(BOARD_ID, t.itemId, t.from, t.to, t.at, 'poll', t.at);
  })();
  sqlite.pragma('optimize');
  sqlite.close();
}

/** Column arrays through `unnest`, 50,000 rows a statement, in one transaction. */
async function seedPostgres(url: string, board: GeneratedBoard): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const batch = 50_000;
  try {
    await client.query('BEGIN');
    for (let i = 0; i < board.items.length; i += batch) {
      const rows = board.items.slice(i, i + batch).map((r) => itemRow(r, board.now));
      const columns = rows[0]?.map((_, c) => rows.map((r) => r[c])) ?? [];
      const types = [
        'text',
        'text',
        'int',
        'text',
        'text',
        'text',
        'text',
        'text',
        'text',
        'int8',
        'int8',
        'int8',
      ];
      const unnest = types.map((t, c) => `$${c + 1}::${t}[]`).join(', ');
      await client.query(`INSERT INTO items (${ITEM_COLUMNS}) SELECT * FROM unnest(${unnest})`, columns);
    }
    for (let i = 0; i < board.transitions.length; i += batch) {
      const rows = board.transitions.slice(i, i + batch);
      await client.query(
        `INSERT INTO transitions (${TRANSITION_COLUMNS})
         SELECT $1, item, f, t, at, 'poll', at FROM unnest($2::text[], $3::text[], $4::text[], $5::int8[]) AS u(item, f, t, at)`,
        [
          BOARD_ID,
          rows.map((r) => r.itemId),
          rows.map((r) => r.from),
          rows.map((r) => r.to),
          rows.map((r) => r.at),
        ],
      );
    }
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE items');
    await client.query('VACUUM ANALYZE transitions');
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- the server process

async function serve(options: ServeOptions): Promise<void> {
  const handle = openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  const config = loadConfig({ DATA_DIR: options.dataDir, LOG_LEVEL: 'silent', ...options.secrets });
  const started = Date.now();
  // The board's own "now" moving with real time, so the result cache's expiry behaves as in production.
  const now = () => options.now + (Date.now() - started);
  const app = await buildApp({ config, db: handle.db, dialect: handle.dialect, now }, { webRoot: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  process.on('message', async (message) => {
    if (message === 'stats') {
      process.send?.({ rssMb: process.resourceUsage().maxRSS / 1024 });
    } else if (message === 'cpu') {
      process.send?.(cpuMs());
    } else if (message === 'stop') {
      await app.close();
      await handle.close();
      process.exit(0);
    }
  });
  process.send?.({ url: `http://127.0.0.1:${address.port}` });
}

function startServer(options: ServeOptions): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], {
    env: { ...process.env, BENCH_SERVE: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, url: (m as { url: string }).url }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function stopServer(server: { child: ChildProcess }): Promise<void> {
  server.child.send('stop');
  await new Promise((r) => server.child.once('exit', r));
}

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message);
  });
}

// ---------------------------------------------------------------- the load generator

/** CPU time (user + system) this process has used, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * CPU time in milliseconds, from /proc (Linux; NaN elsewhere): the whole machine's busy time, and each
 * PostgreSQL process's by pid (all databases: other users of the server count too).
 */
function machineCpuMs(): { busy: number; postgres: Map<string, number> } {
  const tick = 10; // USER_HZ = 100 on Linux
  const postgres = new Map<string, number>();
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const busy = fields.slice(0, 8).reduce((a, b) => a + b, 0) - idle;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      if (!stat.includes('(postgres)')) continue;
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      postgres.set(pid, (Number(after[11]) + Number(after[12])) * tick);
    }
    return { busy: busy * tick, postgres };
  } catch {
    return { busy: Number.NaN, postgres };
  }
}

/** PostgreSQL's CPU between two readings: processes that started meanwhile count whole, ended ones not at all. */
function postgresCpuMs(before: Map<string, number>, after: Map<string, number>): number {
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return used;
}

/** The load average (1, 5, 15 minutes): the machine is shared, so each figure says how busy it was. */
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

type Client = { get(path: string): Promise<number>; close(): void };

/** Keep-alive HTTP client; resolves with the body size, rejects on any answer but 200. */
function client(base: string, headers: Record<string, string>, sockets: number): Client {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  return {
    get: (path) =>
      new Promise((resolve, reject) => {
        const request = http.get(`${base}${path}`, { agent, headers }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(bytes)
              : reject(new Error(`${path}: ${response.statusCode}`)),
          );
        });
        request.on('error', reject);
      }),
    close: () => agent.destroy(),
  };
}

/** One client over several servers: requests go to each in turn. */
function roundRobin(clients: Client[]): Client {
  let next = 0;
  return {
    get: (path) => (clients[next++ % clients.length] as Client).get(path),
    close: () => {
      for (const c of clients) c.close();
    },
  };
}

type Run = { requests: number; seconds: number; latencies: number[]; bytes: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

/** Open loop: request i is due at i/rate seconds; its latency counts from then, not from when it left. */
async function fixedRate(c: Client, path: string, rate: number, seconds: number): Promise<Run> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let bytes = 0;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      c.get(path).then((size) => {
        bytes = size;
        latencies.push(performance.now() - due);
      }),
    );
  }
  await Promise.all(pending);
  return { requests: total, seconds: (performance.now() - start) / 1000, latencies, bytes };
}

/** Closed loop: `concurrency` requests in flight at all times for `seconds`. */
async function maxConcurrency(c: Client, path: string, concurrency: number, seconds: number): Promise<Run> {
  const latencies: number[] = [];
  let bytes = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      bytes = await c.get(path);
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { requests: latencies.length, seconds: (performance.now() - start) / 1000, latencies, bytes };
}

// ---------------------------------------------------------------- one database

type Row = { label: string; cells: string[] };

function row(label: string, run: Run): Row {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  return {
    label,
    cells: [
      (run.requests / run.seconds).toFixed(0),
      percentile(sorted, 50).toFixed(1),
      percentile(sorted, 99).toFixed(1),
      (sorted.at(-1) ?? Number.NaN).toFixed(1),
      (run.bytes / 1024).toFixed(0),
    ],
  };
}

async function timed<T>(work: () => Promise<T> | T): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

async function benchDialect(name: string, create: () => Promise<TestDatabase>) {
  console.log(`\n=== ${name} ===`);
  // Generated afresh (deterministic) for each database, and its million moves dropped once seeded: the
  // load generator holding them made its own major GCs show in the measured warm latencies.
  const board = generateBoard(SIZE);
  const database = await create();
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    GITHUB_WEBHOOK_SECRET: randomBytes(20).toString('hex'),
  };
  try {
    const [auth, seedMs] = await timed(() => seed(database, board, secrets));
    console.log(
      `seeded ${board.items.length} items and ${board.transitions.length} transitions in ${seedMs.toFixed(0)} ms`,
    );
    board.transitions.length = 0;
    // What the collector does after each sync, here all at once for moves recorded over two years.
    const [segments, compactMs] = await timed(() =>
      compactBoardMoves(database.handle.db, BOARD_ID, { now: board.now + 3_600_000 }),
    );
    const [, snapshotMs] = await timed(() =>
      snapshotBoardItems(database.handle.db, BOARD_ID, { now: board.now + 3_600_000 }),
    );
    console.log(
      `compacted into ${segments} segments in ${compactMs.toFixed(0)} ms, items snapshotted in ${snapshotMs.toFixed(0)} ms`,
    );
    const serveOptions = { databaseUrl: database.url, dataDir: database.dataDir, secrets, now: board.now };
    const server = await startServer(serveOptions);
    const http1 = client(server.url, auth, 256);
    const rows: Row[] = [];
    try {
      const [, coldLead] = await timed(() => http1.get(ENDPOINTS.leadtime));
      const [, coldTis] = await timed(() => http1.get(ENDPOINTS.timeinstate));
      console.log(
        `cold: leadtime ${coldLead.toFixed(0)} ms (first request after start: moves load + analysis), ` +
          `timeinstate ${coldTis.toFixed(0)} ms (moves already loaded; reads the items)`,
      );
      const afterMove = await coldAfterMoves(database, board, http1);
      const leads = afterMove.map((m) => m.lead);
      const tises = afterMove.map((m) => m.tis);
      console.log(
        `cold after one new move (median of ${MOVES_AFTER_START}): leadtime ${median(leads).toFixed(0)} ms ` +
          `(${leads.map((ms) => ms.toFixed(0)).join(', ')}), then timeinstate ${median(tises).toFixed(0)} ms ` +
          `(${tises.map((ms) => ms.toFixed(0)).join(', ')})`,
      );
      for (const [endpoint, path] of Object.entries(ENDPOINTS)) {
        await maxConcurrency(http1, path, 8, 1); // warm-up: JIT and connections
        rows.push(row(`${endpoint} @ ${RATE} req/s`, await fixedRate(http1, path, RATE, SECONDS)));
        rows.push(
          row(
            `${endpoint} @ ${CONCURRENCY} conc.`,
            await maxConcurrency(http1, path, CONCURRENCY, SECONDS / 2),
          ),
        );
      }
      const { rssMb } = await ask<{ rssMb: number }>(server.child, 'stats');
      printTable(rows);
      console.log(`server peak RSS: ${rssMb.toFixed(0)} MB`);
    } finally {
      http1.close();
      await stopServer(server);
    }
    if (REPLICA_ROUNDS > 0 && database.url) await replicas(serveOptions, auth);
    await breakdown(database);
  } finally {
    await database.drop();
  }
}

/**
 * Replicas: warm lead time at full concurrency against one server process, then spread over two on the
 * same database, alternated BENCH_REPLICAS times (the machine is shared: the best of each tells the capacity). Each
 * line says how the 2 cores were shared: the CPU time each server and the load generator used per second.
 */
async function replicas(options: ServeOptions, auth: Record<string, string>): Promise<void> {
  const servers = [await startServer(options), await startServer(options)];
  const clients = servers.map((s) => client(s.url, auth, 256));
  const best = [0, 0];
  try {
    for (const c of clients) await maxConcurrency(c, ENDPOINTS.leadtime, 8, 1); // cold load, then warm-up
    console.log(`replicas (leadtime @ ${CONCURRENCY} conc., ${SECONDS / 2} s each):`);
    for (let round = 0; round < REPLICA_ROUNDS * 2; round++) {
      const n = (round % 2) + 1;
      const cpuBefore = await Promise.all(servers.map((s) => ask<number>(s.child, 'cpu')));
      const ownBefore = cpuMs();
      const machineBefore = machineCpuMs();
      const run = await maxConcurrency(
        roundRobin(clients.slice(0, n)),
        ENDPOINTS.leadtime,
        CONCURRENCY,
        SECONDS / 2,
      );
      const cpuAfter = await Promise.all(servers.map((s) => ask<number>(s.child, 'cpu')));
      const own = cpuMs() - ownBefore;
      const machine = machineCpuMs();
      const cores = (ms: number) => (ms / (run.seconds * 1000)).toFixed(2);
      const serverMs = cpuAfter.slice(0, n).map((after, i) => after - (cpuBefore[i] ?? 0));
      const perServer = serverMs.map(cores);
      const postgres = postgresCpuMs(machineBefore.postgres, machine.postgres);
      const others = machine.busy - machineBefore.busy - postgres - own - serverMs.reduce((a, b) => a + b, 0);
      const rate = run.requests / run.seconds;
      best[n - 1] = Math.max(best[n - 1] ?? 0, rate);
      const sorted = [...run.latencies].sort((a, b) => a - b);
      const perRequest = (ms: number) => ((ms * 1000) / run.requests).toFixed(0);
      console.log(
        `  ${n} server${n > 1 ? 's' : ' '}: ${rate.toFixed(0).padStart(5)} req/s, p99 ${percentile(sorted, 99).toFixed(1)} ms; ` +
          `cores used: server${n > 1 ? 's' : ''} ${perServer.join(' + ')}, load generator ${cores(own)}, ` +
          `PostgreSQL ${cores(postgres)}, everything else ${cores(others)}; CPU a request: ` +
          `server ${perRequest(serverMs.reduce((a, b) => a + b, 0))} µs, PostgreSQL ${perRequest(postgres)} µs, ` +
          `load generator ${perRequest(own)} µs; ${load()}`,
      );
    }
    console.log(`  2 servers / 1 server (best of each): ${((best[1] ?? 0) / (best[0] || 1)).toFixed(2)}×`);
  } finally {
    for (const c of clients) c.close();
    await Promise.all(servers.map(stopServer));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * An active board: the collector records a move (which bumps the board's data version) and somebody
 * looks at the board (lead time, then time in state). Each request after a move misses the result cache
 * and needs the new data.
 */
async function coldAfterMoves(
  database: TestDatabase,
  board: GeneratedBoard,
  http1: Client,
): Promise<{ lead: number; tis: number }[]> {
  const movable = board.items.filter((i) => i.column !== null && i.column !== board.columns.at(-1));
  const latencies: { lead: number; tis: number }[] = [];
  for (const [n, item] of movable.slice(0, MOVES_AFTER_START).entries()) {
    const to = board.columns[board.columns.indexOf(item.column ?? '') + 1] ?? null;
    const move = {
      itemId: item.id,
      from: item.column,
      to,
      at: board.now + n * 1000,
      source: 'webhook' as const,
    };
    await recordReportedMove(database.handle.db, BOARD_ID, move, board.now);
    const lead = (await timed(() => http1.get(ENDPOINTS.leadtime)))[1];
    const tis = (await timed(() => http1.get(ENDPOINTS.timeinstate)))[1];
    latencies.push({ lead, tis });
  }
  return latencies;
}

function printTable(rows: Row[]): void {
  const header = ['req/s', 'p50 ms', 'p99 ms', 'max ms', 'KB'];
  console.log(`machine while measured: ${load()}`);
  console.log('warm'.padEnd(28), ...header.map((h) => h.padStart(8)));
  for (const r of rows) console.log(r.label.padEnd(28), ...r.cells.map((c) => c.padStart(8)));
}

/** Where the cold request's time goes, measured in this process: loading rows, the engine, JSON. */
async function breakdown(database: TestDatabase): Promise<void> {
  const db = database.handle.db;
  const [data, loadMs] = await timed(() => loadBoardData(db, BOARD_ID));
  const [{ items }, itemsMs] = await timed(() => loadBoardItems(db, BOARD_ID));
  const [, itemRowsMs] = await timed(() => loadBoardItems(db, BOARD_ID, false));
  const [, rowsMs] = await timed(() => loadBoardData(db, BOARD_ID, undefined, false));
  const columns = JSON.parse(
    (await db.selectFrom('boards').select('column_list').where('id', '=', BOARD_ID).executeTakeFirstOrThrow())
      .column_list,
  ) as string[];
  const now = data.transitions.at.reduce((max, at) => Math.max(max, at), 0);
  const common = { columns, transitions: data.transitions, days: 14, now };
  const [lead, leadMs] = await timed(() =>
    buildLeadTimeReport({ ...common, cycleStartColumn: 'In Progress' }),
  );
  const [tis, tisMs] = await timed(() => buildTimeInStateReport({ ...common, items }));
  const [leadJson, leadJsonMs] = await timed(() => JSON.stringify(lead));
  const [tisJson, tisJsonMs] = await timed(() => JSON.stringify(tis));
  console.log(
    `cold breakdown (in-process): load ${data.transitions.count} moves ${loadMs.toFixed(0)} ms ` +
      `(${data.segmentMoves} from segments; from rows alone ${rowsMs.toFixed(0)} ms), ` +
      `${items.length} items ${itemsMs.toFixed(0)} ms (from rows alone ${itemRowsMs.toFixed(0)} ms); ` +
      `engine first run leadtime ${leadMs.toFixed(0)} ms, timeinstate ${tisMs.toFixed(0)} ms; ` +
      `JSON leadtime ${leadJsonMs.toFixed(1)} ms (${(leadJson.length / 1024).toFixed(0)} KB), ` +
      `timeinstate ${tisJsonMs.toFixed(1)} ms (${(tisJson.length / 1024).toFixed(0)} KB)`,
  );
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  // The board is generated again for each database (see benchDialect); this one only times it.
  const [board, generateMs] = await timed(() => generateBoard(SIZE));
  const columns = board.columns.length;
  board.transitions.length = 0;
  console.log(
    `API bench: ${SIZE.issues} issues, ${SIZE.transitions} transitions, ${SIZE.days} days, ` +
      `${columns} columns (generated in ${generateMs.toFixed(0)} ms); ` +
      `warm runs: ${RATE} req/s open loop for ${SECONDS} s, then ${CONCURRENCY} concurrent for ${SECONDS / 2} s`,
  );
  if (DIALECTS.includes('sqlite')) await benchDialect('SQLite', createSqliteTestDatabase);
  if (!DIALECTS.includes('postgres')) return;
  if (await isPostgresReachable()) await benchDialect('PostgreSQL', createPostgresTestDatabase);
  else console.log('\n=== PostgreSQL === SKIPPED: no server at TEST_POSTGRES_URL (127.0.0.1:5432)');
}

if (process.argv[2] === 'serve') {
  await serve(JSON.parse(process.env.BENCH_SERVE ?? '{}') as ServeOptions);
} else {
  await main();
}
