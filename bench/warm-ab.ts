/**
 * Warm answers of two server bundles side by side, on one kept board (BENCH_COLD_BOARD of a
 * BENCH_COLD_STARTS run): both servers started on the same database (or see BENCH_BOARD_B), then short runs of
 * BENCH_CONCURRENCY requests in flight alternated between them, each run's server CPU an answer read
 * from the server itself. Usage: npx tsx bench/warm-ab.ts <kept-board.json> <bundle A> <bundle B>
 * BENCH_BOARD_B=<file>: B on a board of its own, a copy of A's migrated by B's revision (a migration
 * that A cannot read: on one database, one of the two would answer from a fallback).
 * BENCH_FLAGS_A / BENCH_FLAGS_B: node or V8 flags for A's / B's process (space-separated; none by default),
 * e.g. one bundle twice, with and without a flag of `npm start`'s.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { leanClient } from './lean-client.ts';
import { serverProcess } from './serve-bundle.ts';

if (process.argv[2] === '--build') {
  // The measured revision's server bundle (BENCH_CODE_ROOT, else this checkout): its path.
  console.log((await serverProcess('')).modulePath);
  process.exit(0);
}

const [boardFile, ...bundles] = process.argv.slice(2);
const dialect = process.env.BENCH_DIALECT ?? 'SQLite';
const keptBoard = (file: string) => JSON.parse(readFileSync(file, 'utf8'))[dialect];
const boards = [
  keptBoard(boardFile as string),
  keptBoard(process.env.BENCH_BOARD_B ?? (boardFile as string)),
];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const RUN_MS = Number(process.env.BENCH_RUN_MS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PATH = process.env.BENCH_PATH ?? '/api/leadtime/?project=PVT_bench&days=14';
const headers = (i: number) => ({
  ...boards[i]?.auth,
  'accept-encoding': process.env.BENCH_ENCODING ?? 'br, gzip',
});

const flagsOf = (side: 'A' | 'B') => process.env[`BENCH_FLAGS_${side}`]?.split(' ').filter(Boolean) ?? [];

function start(
  modulePath: string,
  options: unknown,
  flags: string[],
): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(modulePath, [], {
    execArgv: [
      ...flags,
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    env: { ...process.env, BENCH_SERVE: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, url: (m as { url: string }).url }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const ask = <T>(child: ChildProcess, message: string) =>
  new Promise<T>((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message);
  });

async function closedLoop(get: () => Promise<number>, ms: number): Promise<number> {
  let answers = 0;
  const end = performance.now() + ms;
  const worker = async () => {
    while (performance.now() < end) {
      await get();
      answers++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return answers;
}

const servers = await Promise.all(
  bundles.map((b, i) => start(b as string, boards[i]?.options, flagsOf(i === 0 ? 'A' : 'B'))),
);
const clients = servers.map((s, i) => leanClient(s.url, headers(i), CONCURRENCY));
const sizes = await Promise.all(clients.map((c) => c.get(PATH)));
console.log(`answer bytes: ${sizes.join(', ')}`);
for (const c of clients) await closedLoop(() => c.get(PATH), 1500);
const perAnswer: number[][] = servers.map(() => []);
const rates: number[][] = servers.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  for (const i of order) {
    const server = servers[i] as (typeof servers)[number];
    const before = await ask<number>(server.child, 'cpu');
    const t0 = performance.now();
    const answers = await closedLoop(() => (clients[i] as ReturnType<typeof leanClient>).get(PATH), RUN_MS);
    const seconds = (performance.now() - t0) / 1000;
    const after = await ask<number>(server.child, 'cpu');
    perAnswer[i]?.push(((after - before) * 1000) / answers);
    rates[i]?.push(answers / seconds);
  }
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN;
const ratios = (perAnswer[1] ?? []).map((b, k) => b / (perAnswer[0]?.[k] ?? Number.NaN));
bundles.forEach((b, i) => {
  const cpu = perAnswer[i] ?? [];
  console.log(
    `${b}: server CPU an answer median ${median(cpu).toFixed(1)} µs (range ${Math.min(...cpu).toFixed(0)}-${Math.max(...cpu).toFixed(0)}), answers/s median ${median(rates[i] ?? []).toFixed(0)}`,
  );
});
console.log(
  `B/A ratio of the rounds: median ${median(ratios).toFixed(3)}; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const c of clients) c.close();
for (const s of servers) {
  s.child.send('stop');
}
