/**
 * The API bench's cold sequence alone, for memory: on the boards a `BENCH_COLD_BOARD=<file>` run of
 * bench/api-load.ts kept, each round a fresh copy of the board's database (so that the moves recorded
 * start from the snapshot again) and a fresh server process as the bench starts it (bench/serve-bundle.ts),
 * then the cold lead time, time in state, Flow report with policies, five moves each followed by lead
 * time and time in state, and a short warm run of each: the server's peak RSS (VmHWM), RSS, V8 heap and
 * array buffers after each step (MB), and its CPU for the cold requests.
 *   BENCH_COLD_BOARD=<file> [BENCH_ROUNDS=2] [BENCH_DIALECTS=sqlite,postgres] npx tsx bench/memory-sequence.ts
 * (BENCH_CODE_ROOT=<checkout> measures another revision's server with this harness.)
 * BENCH_RESNAPSHOT=1: the copy's board snapshot taken again by the measured code (its format may differ
 * from the kept one's). BENCH_MOVES (5). For where the memory goes: BENCH_GC=1 (live heap and array
 * buffers after a forced collection, beside each step), BENCH_HEAP_AT=<step> (a heap snapshot after it,
 * in the temporary directory), BENCH_SAMPLE_STEP=<step> (an allocation profile of that step, collected objects
 * included), BENCH_SAMPLE=<file> (one of the moves); BENCH_NODE_FLAGS (the server's node flags).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { MemoryMb, ServeOptions } from './api-serve.ts';
import { serverCode } from './code.ts';
import { generateBoard, movesAfterStart } from './generate-board.ts';
import { serverProcess } from './serve-bundle.ts';

const { recordReportedMove, openDatabase, migrateToLatest, snapshotBoard } = await serverCode();

const BOARD_ID = 'bench-board';
const PROJECT = 'PVT_bench';
const LEAD = `/api/leadtime/?project=${PROJECT}&days=14`;
const TIS = `/api/timeinstate/?project=${PROJECT}&days=14`;
const FLOW = `/api/flow/?project=${PROJECT}&days=30`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const kept = JSON.parse(readFileSync(process.env.BENCH_COLD_BOARD ?? '', 'utf8')) as Record<
  string,
  { options: ServeOptions; auth: Record<string, string> }
>;

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message);
  });
}

function get(
  base: string,
  path: string,
  headers: Record<string, string>,
  agent: http.Agent,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(`${base}${path}`, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`${path}: ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/** A copy of the kept database: SQLite's directory, or a PostgreSQL database made from it as a template. */
async function copyOf(options: ServeOptions): Promise<{ options: ServeOptions; drop(): Promise<void> }> {
  if (!options.databaseUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-memory-'));
    cpSync(options.dataDir, dataDir, { recursive: true });
    return {
      options: { ...options, dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = new URL(options.databaseUrl);
  const template = url.pathname.slice(1);
  const name = `${template}_m${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: new URL('/postgres', url).href });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return {
    options: { ...options, databaseUrl: copy.href },
    drop: async () => {
      const c = new pg.Client({ connectionString: new URL('/postgres', url).href });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function round(name: string, board: Awaited<ReturnType<typeof generateBoard>>): Promise<string> {
  const entry = kept[name];
  if (!entry) return `${name}: no kept board`;
  const copy = await copyOf(entry.options);
  const h = openDatabase({ databaseUrl: copy.options.databaseUrl, dataDir: copy.options.dataDir });
  // The copy migrated by the measured code (the bench's servers do not migrate: a table it added would be missing).
  await migrateToLatest(h);
  if (process.env.BENCH_RESNAPSHOT === '1') {
    // The board's snapshot taken again by the measured code (its format may differ from the kept one's).
    await h.db.deleteFrom('board_snapshots').where('board_id', '=', BOARD_ID).execute();
    await snapshotBoard?.(h.db, BOARD_ID, { now: board.now + 3_600_000 });
  }
  await h.close();
  const server = await serverProcess(fileURLToPath(import.meta.url));
  const child = fork(server.modulePath, server.args, {
    execArgv: [...server.execArgv, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, ...server.env, BENCH_SERVE: JSON.stringify(copy.options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const headers = { ...entry.auth, 'accept-encoding': 'br, gzip' };
  const handle = openDatabase({ databaseUrl: copy.options.databaseUrl, dataDir: copy.options.dataDir });
  const steps: string[] = [];
  const step = async (label: string, work?: () => Promise<number>) => {
    const sampled = process.env.BENCH_SAMPLE_STEP === label;
    if (sampled) await ask(child, 'sample');
    const before = await ask<number>(child, 'cpu');
    const ms = work ? await work() : 0;
    const cpu = (await ask<number>(child, 'cpu')) - before;
    if (sampled)
      console.log(await ask(child, `sampled ${join(tmpdir(), `${label}-${Date.now()}.heapprofile`)}`));
    const { rssMb, memory } = await ask<{ rssMb: number; memory: MemoryMb }>(child, 'stats');
    let live = '';
    if (process.env.BENCH_GC === '1') {
      await ask(child, 'gc');
      const after = (await ask<{ memory: MemoryMb }>(child, 'stats')).memory;
      live = ` [live ${after.heap.toFixed(0)}/${after.arrayBuffers.toFixed(0)}]`;
    }
    if (process.env.BENCH_HEAP_AT === label)
      console.log(await ask<string>(child, `heap ${join(tmpdir(), `${label}-${Date.now()}.heapsnapshot`)}`));
    steps.push(
      `${label} ${rssMb.toFixed(0)}/${memory.rss.toFixed(0)}/${memory.heap.toFixed(0)}/${memory.arrayBuffers.toFixed(0)}` +
        (work ? ` (${ms.toFixed(0)} ms, cpu ${cpu.toFixed(0)})` : '') +
        live,
    );
  };
  try {
    await step('listening');
    await step('lead', () => get(url, LEAD, headers, agent));
    await step('tis', () => get(url, TIS, headers, agent));
    await step('flow', () => get(url, FLOW, headers, agent));
    if (process.env.BENCH_SAMPLE) await ask(child, 'sample');
    const moves = movesAfterStart(board, Number(process.env.BENCH_MOVES ?? 5));
    for (const [n, move] of moves.entries()) {
      await recordReportedMove(handle.db, BOARD_ID, move, board.now);
      await step(`m${n + 1}lead`, () => get(url, LEAD, headers, agent));
      await step(`m${n + 1}tis`, () => get(url, TIS, headers, agent));
    }
    if (process.env.BENCH_SAMPLE) console.log(await ask(child, `sampled ${process.env.BENCH_SAMPLE}`));
    for (const [label, path] of [
      ['warmlead', LEAD],
      ['warmtis', TIS],
    ] as const) {
      await step(label, async () => {
        const started = performance.now();
        for (let i = 0; i < 50; i++)
          await Promise.all(Array.from({ length: 16 }, () => get(url, path, headers, agent)));
        return performance.now() - started;
      });
    }
    const { rssMb } = await ask<{ rssMb: number }>(child, 'stats');
    return `${name} peak ${rssMb.toFixed(0)} MB | ${steps.join('; ')} | load ${loadavg()[0]?.toFixed(1)}`;
  } finally {
    agent.destroy();
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
    await handle.close();
    await copy.drop();
  }
}

const board = await generateBoard({ issues: 100_000, transitions: 1_000_000, days: 730 });
for (let r = 0; r < ROUNDS; r++) {
  for (const [dialect, name] of [
    ['sqlite', 'SQLite'],
    ['postgres', 'PostgreSQL'],
  ] as const) {
    if (DIALECTS.includes(dialect)) console.log(await round(name, board));
  }
}
