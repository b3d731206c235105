/**
 * What the start's code warm-up gives the engine (`npx tsx bench/engine-warm-up.ts [processes]`): in fresh
 * processes, the Flow report of the 100,000-issue reference board after lead time and time in state (as
 * bench/flow-first-run.ts times it), first with no warm-up, then after warming on the first warm-up board
 * alone, then on all of them (`warmUpBoards`, as apps/server code-warm-up.ts does: each board's lead time,
 * time in state and three Flow reports). Alternated, one process at a time; prints the medians of the
 * wall and CPU milliseconds.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { flowCode } from './code.ts';
import { generateBoard } from './generate-board.ts';
import { flowInputAfterFirstAnalyses } from './private-view.ts';

const CHILD = 'BENCH_ENGINE_WARM_UP_CHILD';
const VARIANTS = ['none', 'first board', 'all boards'] as const;
type Variant = (typeof VARIANTS)[number];

if (process.env[CHILD]) await measureOnce(process.env[CHILD] as Variant);
else parent(Number(process.argv[2] ?? 7));

function parent(processes: number) {
  const runs = new Map<Variant, { ms: number; cpu: number }[]>(VARIANTS.map((v) => [v, []]));
  for (let i = 0; i < processes; i++)
    for (const variant of VARIANTS) {
      const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
        env: { ...process.env, [CHILD]: variant },
        encoding: 'utf8',
      });
      runs.get(variant)?.push(JSON.parse(out.trim().split('\n').at(-1) as string));
    }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  console.log(
    `Flow report's first run on the reference board after a warm-up, ${processes} fresh processes each`,
  );
  for (const [variant, list] of runs) {
    const ms = list.map((r) => r.ms);
    console.log(
      `${variant.padEnd(12)} ms ${median(ms).toFixed(1)} (${ms.map((v) => v.toFixed(0)).join(', ')}), cpu ${median(list.map((r) => r.cpu)).toFixed(1)}`,
    );
  }
}

async function measureOnce(variant: Variant) {
  const code = (await flowCode()) as typeof import('../packages/flow/src/index.ts');
  // The server starts its collator when it starts (analytics/state.ts): ties are ordered by localeCompare.
  'a'.localeCompare('b');
  const reference = generateBoard({ issues: 100_000, transitions: 1_000_000, days: 730 });
  const boards = variant === 'none' ? [] : code.warmUpBoards(20_000, reference.now);
  for (const board of variant === 'first board' ? boards.slice(0, 1) : boards) {
    const input = flowInputAfterFirstAnalyses(code, board, true);
    for (let i = 0; i < 3; i++) code.buildFlowReport({ ...input, days: input.days + i } as never);
  }
  const input = flowInputAfterFirstAnalyses(code, reference, true);
  const cpu = process.cpuUsage();
  const start = performance.now();
  code.buildFlowReport(input as never);
  const spent = process.cpuUsage(cpu);
  console.log(JSON.stringify({ ms: performance.now() - start, cpu: (spent.user + spent.system) / 1000 }));
}
