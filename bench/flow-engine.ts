/**
 * Flow engine benchmark: `npx tsx bench/flow-engine.ts [issues] [transitions] [days]`.
 * Generates a deterministic board (default 100,000 issues, 1,000,000 transitions, 730 days, 8 columns)
 * and prints, for each analysis and row order, the median and best wall time of several runs, the CPU
 * time, and the memory the analysis allocates.
 * Two child processes: one times with V8's default heap settings; one measures memory with a young
 * generation so large that nothing is collected during a run, so the heap growth (heap + array buffers)
 * from a collected baseline to the end of the run bounds the analysis's peak from above.
 * The engine's code is BENCH_CODE_ROOT's when set (bench/code.ts), so bench/run.ts measures a base
 * revision with the same harness; the CPU medians on the server's columns go to BENCH_RESULT_FILE.
 */
import { spawnSync } from 'node:child_process';
import type { Transition, Transitions } from '../packages/flow/src/index.ts';
import { flowCode } from './code.ts';
import { type GeneratedBoard, generateBoard } from './generate-board.ts';
import { type EngineFigures, writeFigures } from './targets.ts';

// The measured engine: this checkout's, or BENCH_CODE_ROOT's (bench/code.ts); the harness is this one.
const {
  buildColumnStats,
  buildIssuesInColumnReport,
  buildLeadTimeReport,
  buildTimeInStateReport,
  computeItemTimelines,
  toTransitionColumns,
} = await flowCode();

type Role = 'time' | 'memory';
/** A generated board with its moves as objects or as columns. */
type BenchBoard = Omit<GeneratedBoard, 'transitions'> & { transitions: Transitions };
type Result = { variant: string; analysis: string; median: number; min: number; cpu: number; memory: number };

const RUNS = 7;
/** Each analysis, and the figure of the targets table its CPU median on the server's columns is. */
const ANALYSES: { name: string; figure?: keyof EngineFigures; run: (board: BenchBoard) => unknown }[] = [
  {
    name: 'lead time (days=14, cycle start)',
    figure: 'leadTimeMs',
    run: (b) => buildLeadTimeReport({ ...b, days: 14 }),
  },
  {
    name: 'time in state (days=14)',
    figure: 'timeInStateMs',
    run: (b) => buildTimeInStateReport({ ...b, days: 14 }),
  },
  {
    name: 'issues in column (In Progress)',
    figure: 'issuesInColumnMs',
    run: (b) => buildIssuesInColumnReport({ ...b, column: 'In Progress', days: 14 }),
  },
  { name: 'column stats', figure: 'columnStatsMs', run: (b) => buildColumnStats(b) },
  { name: 'item timelines (per-item objects)', run: (b) => computeItemTimelines(b) },
];
/** The row order the server holds, whose figures go to the targets table. */
const SERVER_VARIANT = 'columns in time order (TransitionColumns: what the API server holds)';

const medianOf = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;

/**
 * After `gc()`, the collector's helper threads go on sweeping the generated boards' heap for tens of ms:
 * their CPU is the forced collection's, not the run's (an analysis allocating 1 MB showed 25 ms more CPU
 * than wall time), so each run starts once they are done.
 */
const SWEPT_AFTER_MS = 150;
const swept = () => new Promise((resolve) => setTimeout(resolve, SWEPT_AFTER_MS));

async function measure(run: () => unknown, gc: () => void): Promise<Omit<Result, 'variant' | 'analysis'>> {
  const times: number[] = [];
  const cpus: number[] = [];
  let memory = 0;
  for (let i = 0; i < RUNS; i++) {
    gc();
    await swept();
    const before = used();
    const cpu = process.cpuUsage();
    const start = performance.now();
    if (run() === undefined) throw new Error('no result');
    times.push(performance.now() - start);
    const spent = process.cpuUsage(cpu);
    cpus.push((spent.user + spent.system) / 1000);
    memory = Math.max(memory, used() - before);
  }
  return { median: medianOf(times), min: Math.min(...times), cpu: medianOf(cpus), memory };
}

/** The same board in three row orders, each as fresh objects laid out in that order, then as columns. */
function variants(board: GeneratedBoard): [string, BenchBoard][] {
  const groups = new Map<string, Transition[]>();
  for (const t of board.transitions) groups.set(t.itemId, [...(groups.get(t.itemId) ?? []), { ...t }]);
  const byTime = [...board.transitions]
    .sort((a, b) => a.at - b.at)
    .map((t) => ({ itemId: `PVTI_${t.itemId.slice(5)}`, from: t.from, to: t.to, at: t.at }));
  return [
    ['rows ordered by item id, then time (ORDER BY item_id, at)', board],
    [
      'rows grouped by item, ids in another order (e.g. a locale collation)',
      { ...board, transitions: [...groups.values()].reverse().flat() },
    ],
    ['rows in time order (no grouping: the general path)', { ...board, transitions: byTime }],
    [SERVER_VARIANT, { ...board, transitions: toTransitionColumns(byTime) }],
  ];
}

async function child(role: Role, size: number[]): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const [issues = 100_000, transitions = 1_000_000, days = 730] = size;
  const board = generateBoard({ issues, transitions, days });
  const done = board.transitions.filter((t) => t.to === 'Done').length;
  const info = `${board.items.length} issues, ${board.transitions.length} transitions, ${days} days, ${board.columns.length} columns, ${done} moves into Done`;
  if (role === 'time') console.log(JSON.stringify({ info }));
  for (const [variant, b] of variants(board)) {
    for (const analysis of ANALYSES) {
      console.log(
        JSON.stringify({ variant, analysis: analysis.name, ...(await measure(() => analysis.run(b), gc)) }),
      );
    }
  }
  if (role === 'memory') console.log(JSON.stringify({ rss: process.resourceUsage().maxRSS * 1024 }));
}

function spawnRole(role: Role, flags: string[]): Record<string, unknown>[] {
  const args = [...flags, ...process.execArgv, ...process.argv.slice(1)];
  const out = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    env: { ...process.env, FLOW_BENCH_ROLE: role },
    maxBuffer: 1 << 24,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (out.status !== 0) throw new Error(`${role} run failed`);
  return out.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

function parent(): void {
  const timed = spawnRole('time', ['--expose-gc']);
  const memory = spawnRole('memory', [
    '--expose-gc',
    '--max-semi-space-size=1024',
    '--max-old-space-size=4096',
  ]);
  const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
  console.log(`board: ${timed[0]?.info}`);
  console.log(
    `node ${process.version}, ${RUNS} runs each, one thread; cpu* = process CPU time, GC helper threads included; alloc = heap + array buffers allocated by one run`,
  );
  let variant = '';
  for (const r of timed.slice(1) as Result[]) {
    if (r.variant !== variant) {
      variant = r.variant;
      console.log(`\n${variant}`);
      console.log(
        'analysis'.padEnd(36),
        ...['median ms', 'min ms', 'cpu* ms', 'alloc MB'].map((h) => h.padStart(10)),
      );
    }
    const m = (memory as Result[]).find((x) => x.variant === r.variant && x.analysis === r.analysis);
    const cells = [r.median.toFixed(1), r.min.toFixed(1), r.cpu.toFixed(1), m ? mb(m.memory) : '?'];
    console.log(r.analysis.padEnd(36), ...cells.map((c) => c.padStart(10)));
  }
  console.log(
    `\npeak RSS of the memory run (the generated board included): ${mb(Number(memory.at(-1)?.rss))} MB`,
  );
  const figures: Partial<EngineFigures> = {};
  for (const r of timed.slice(1) as Result[]) {
    const figure = ANALYSES.find((a) => a.name === r.analysis)?.figure;
    if (figure && r.variant === SERVER_VARIANT) figures[figure] = r.cpu;
  }
  writeFigures('Engine', figures);
}

const role = process.env.FLOW_BENCH_ROLE as Role | undefined;
if (role) await child(role, process.argv.slice(2).map(Number));
else parent();
