/**
 * The Flow report's first run on a loaded board version, as the cold `/api/flow/` pays it after lead time
 * and time in state (`npx tsx bench/flow-first-run.ts [processes]`): each of several fresh processes
 * generates the 100,000-issue board, keeps its moves' timeline as the server does, runs lead time and time
 * in state, then times one Flow report with the API bench's policies over the items as a viewer who may
 * read none of them gets them (private forms, ids parsed apart from the moves'). Prints each process's
 * milliseconds and CPU, their median, and the answer's sha256 (equal across revisions that answer alike;
 * the board's "now" is fixed). BENCH_ORDER=moves hands the items in the order of their first move.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { codeRoot, flowCode } from './code.ts';
import { generateBoard } from './generate-board.ts';
import { flowInputAfterFirstAnalyses } from './private-view.ts';

const CHILD = 'BENCH_FIRST_RUN_CHILD';

if (process.env[CHILD]) await measureOnce();
else parent();

function parent() {
  const processes = Number(process.argv[2] ?? 7);
  const runs: { ms: number; cpu: number; sha: string }[] = [];
  for (let i = 0; i < processes; i++) {
    const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, [CHILD]: '1' },
      encoding: 'utf8',
    });
    runs.push(JSON.parse(out.trim().split('\n').at(-1) as string));
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  console.log(`Flow report's first run, ${processes} fresh processes; code measured: ${codeRoot}`);
  console.log(
    `ms:  ${runs.map((r) => r.ms.toFixed(1)).join(', ')} (median ${median(runs.map((r) => r.ms)).toFixed(1)})`,
  );
  console.log(
    `cpu: ${runs.map((r) => r.cpu.toFixed(1)).join(', ')} (median ${median(runs.map((r) => r.cpu)).toFixed(1)})`,
  );
  console.log(`answer sha256: ${[...new Set(runs.map((r) => r.sha))].join(', ')}`);
}

async function measureOnce() {
  const code = (await flowCode()) as typeof import('../packages/flow/src/index.ts');
  const board = generateBoard({ issues: 100_000, transitions: 1_000_000, days: 730 });
  const input = flowInputAfterFirstAnalyses(code, board, process.env.BENCH_ORDER === 'moves');
  // The server starts its collator when it starts (analytics/state.ts): ties are ordered by localeCompare.
  'a'.localeCompare('b');
  const cpu = process.cpuUsage();
  const start = performance.now();
  const report = code.buildFlowReport(input as never);
  const ms = performance.now() - start;
  const spent = process.cpuUsage(cpu);
  const sha = createHash('sha256').update(JSON.stringify(report)).digest('hex').slice(0, 16);
  console.log(JSON.stringify({ ms, cpu: (spent.user + spent.system) / 1000, sha }));
}
