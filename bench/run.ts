/**
 * `npm run bench`: the flow engine benchmark, then the API benchmark, each in its own process so that
 * one's memory and JIT state do not colour the other's figures; then the board report, the collector,
 * the CSV export, the digest, the iteration report and the web app's first load, each against its target.
 * Sizes default to the issue's board (100,000 issues, 1,000,000 transitions, 730 days, 8 columns);
 * for a quick run: `BENCH_ITEMS=10000 BENCH_SECONDS=3 npm run bench`. Other knobs: BENCH_TRANSITIONS,
 * BENCH_DAYS, BENCH_RATE, BENCH_CONCURRENCY, BENCH_DIALECTS=sqlite,postgres, BENCH_ONLY=engine|api|flow|report|collector|export|digest|iterations|bundle|page
 * (or `npm run bench -- engine`; `report` runs only the board report at 10,000 and 100,000 issues;
 * `digest` only the digest's CPU and 1,000 boards' digests through the mail catcher, bench/digest.ts;
 * `collector` only the collector benchmark, sized by BENCH_COLLECTOR_SIZES, see bench/collector.ts;
 * `export` only the streaming CSV export of BENCH_ITEMS items, bench/export-csv.ts; `bundle` only the web
 * app's first load: built, then its gzipped JavaScript against the budget, scripts/bundle-budget.ts;
 * `page` only the Flow page drawing the 100,000-issue board's answer in Chromium, bench/flow-page.ts,
 * beside BENCH_BASE's web app when given).
 * The engine's and the API's figures are printed at the end beside their targets and the previous run's
 * (bench/targets.ts). `BENCH_BASE=<rev> npm run bench`: the same figures (engine and API) for git revision
 * <rev> too, side by side in one run: a temporary worktree of <rev> (its node_modules linked to this
 * checkout's), measured by this harness, alternated with this checkout BENCH_ROUNDS times (2), then removed.
 * `BENCH_BASE_COLD_BOARD=<file>`: the base's kept board, when this checkout's is a copy carrying a migration
 * the base cannot read (the bench's servers do not migrate: on one database, one would answer from a fallback).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printFigures, readFigures, readLastRun, type RunFigures, saveLastRun } from './targets.ts';

const issues = Number(process.env.BENCH_ITEMS ?? 100_000);
const transitions = Number(process.env.BENCH_TRANSITIONS ?? issues * 10);
const days = Number(process.env.BENCH_DAYS ?? 730);
const only = process.argv[2] ?? process.env.BENCH_ONLY;

const BASE = process.env.BENCH_BASE || null;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (BASE ? 2 : 1));
const here = fileURLToPath(new URL('..', import.meta.url));

function run(script: string, args: string[], env: Record<string, string> = {}): void {
  const file = fileURLToPath(new URL(script, import.meta.url));
  const result = spawnSync(process.execPath, [...process.execArgv, file, ...args], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_ITEMS: String(issues), BENCH_TRANSITIONS: String(transitions), ...env },
  });
  if (result.status !== 0) {
    console.error(`${script} failed (exit ${result.status ?? result.signal})`);
    process.exitCode = 1;
  }
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`,
);
/** The web app built, then its first load measured and checked (docs/performance.md, "First load"). */
function webFirstLoad(): void {
  console.log('\n##### web first load (scripts/bundle-budget.ts)');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.error(`npm run build failed (exit ${build.status ?? build.signal})`);
    process.exitCode = 1;
    return;
  }
  run('../scripts/bundle-budget.ts', []);
}

const ENGINE_ONLY = ['engine', 'flow'];
const API_ONLY = ['api'];
const OTHERS = ['report', 'collector', 'export', 'bundle', 'digest', 'iterations', 'page'];
/** The engine's figures (flow engine, Flow report) and the API's, each side by side with BENCH_BASE's. */
const withEngine = only === undefined || ENGINE_ONLY.includes(only);
const withApi = only === undefined || API_ONLY.includes(only);

if (only === 'bundle') {
  webFirstLoad();
} else if (only === 'page') {
  flowPage();
} else if (only === 'collector') {
  console.log('\n##### collector (bench/collector.ts)');
  run('./collector.ts', []);
} else if (only === 'iterations') {
  console.log('\n##### iterations and estimates (bench/iterations.ts)');
  run('./iterations.ts', [String(issues), String(transitions), String(days)]);
} else if (only === 'export') {
  console.log('\n##### CSV export (bench/export-csv.ts)');
  run('./export-csv.ts', []);
} else if (only === 'digest') {
  console.log('\n##### digest (bench/digest.ts)');
  run('./digest.ts', []);
} else if (only === 'report') {
  console.log('\n##### board report (bench/board-report.ts)');
  run('./board-report.ts', []);
} else if (only !== undefined && !ENGINE_ONLY.includes(only) && !API_ONLY.includes(only)) {
  console.error(`unknown benchmark ${only}: engine, flow, api, ${OTHERS.join(', ')}`);
  process.exitCode = 1;
}
if (withEngine || withApi) sideBySide();
if (only === undefined || only === 'engine') {
  console.log('\n##### board report (bench/board-report.ts), this checkout');
  run('./board-report.ts', []);
}
if (only === undefined) {
  console.log('\n##### collector (bench/collector.ts)');
  run('./collector.ts', []);
  console.log('\n##### CSV export (bench/export-csv.ts)');
  run('./export-csv.ts', []);
  console.log('\n##### digest (bench/digest.ts)');
  run('./digest.ts', []);
  console.log('\n##### iterations and estimates (bench/iterations.ts)');
  run('./iterations.ts', [String(issues), String(transitions), String(days)]);
  webFirstLoad();
}

/** The Flow page on the big board's answer, BENCH_BASE's web app first when given (each built by its start). */
function flowPage(): void {
  const baseRoot = BASE ? checkOut(BASE) : null;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [who, root] of [
        ...(baseRoot ? [[`base ${BASE}`, baseRoot]] : []),
        ['this checkout', here],
      ]) {
        console.log(`\n##### Flow page (bench/flow-page.ts), round ${round} of ${ROUNDS}: ${who}`);
        run('./flow-page.ts', [], { BENCH_CODE_ROOT: root as string });
      }
    }
  } finally {
    if (baseRoot) removeCheckout(baseRoot);
  }
}

/**
 * The engine's benchmarks (`engine`: the analyses, then the Flow report; `flow`: the Flow report alone)
 * and the API's, alternated with BENCH_BASE's code when given (base first in each round), each run's
 * figures gathered; then the table against the targets and the previous run, which this run becomes.
 */
function sideBySide(): void {
  const baseRoot = BASE ? checkOut(BASE) : null;
  const head: RunFigures[] = [];
  const base: RunFigures[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'fluxion-bench-figures-'));
  const size = [String(issues), String(transitions), String(days)];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [who, root, into] of [
        ...(baseRoot ? [[`base ${BASE}`, baseRoot, base] as const] : []),
        ['this checkout', here, head] as const,
      ]) {
        const file = join(scratch, `${round}-${into === base ? 'base' : 'head'}.json`);
        const baseBoard = into === base ? process.env.BENCH_BASE_COLD_BOARD : undefined;
        const env = {
          BENCH_CODE_ROOT: root,
          BENCH_RESULT_FILE: file,
          ...(baseBoard ? { BENCH_COLD_BOARD: baseBoard } : {}),
        };
        const title = (what: string) => console.log(`\n##### ${what}, round ${round} of ${ROUNDS}: ${who}`);
        if (withEngine && only !== 'flow') {
          title('flow engine (bench/flow-engine.ts)');
          run('./flow-engine.ts', size, env);
        }
        if (withEngine) {
          title('flow report with and without flow policies (bench/flow-report.ts)');
          run('./flow-report.ts', size, env);
        }
        if (withApi) {
          title('API (bench/api-load.ts)');
          run('./api-load.ts', [], env);
        }
        into.push(readFigures(file));
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    if (baseRoot) removeCheckout(baseRoot);
  }
  console.log('\n##### figures against the targets (docs/performance.md)');
  printFigures(head, base, readLastRun(), BASE);
  if (head.length > 0) saveLastRun(head.at(-1) as RunFigures);
}

/**
 * A temporary worktree of `rev`, its node_modules linked entry by entry to this checkout's, except the
 * workspace packages (@fluxion/*), which must be its own.
 */
function checkOut(rev: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fluxion-bench-base-'));
  const added = spawnSync('git', ['worktree', 'add', '--detach', dir, rev], { cwd: here, stdio: 'inherit' });
  if (added.status !== 0) throw new Error(`git worktree add ${rev} failed`);
  for (const modules of ['node_modules', 'apps/server/node_modules']) {
    mkdirSync(join(dir, modules), { recursive: true });
    for (const entry of readdirSync(join(here, modules))) {
      if (entry === '@fluxion')
        cpSync(join(here, modules, entry), join(dir, modules, entry), {
          recursive: true,
          verbatimSymlinks: true,
        });
      else symlinkSync(join(here, modules, entry), join(dir, modules, entry));
    }
  }
  return dir;
}

function removeCheckout(dir: string): void {
  spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: here, stdio: 'inherit' });
  rmSync(dir, { recursive: true, force: true });
}
