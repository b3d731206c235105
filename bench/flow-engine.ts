/**
 * Flow engine benchmark: `npx tsx bench/flow-engine.ts [issues] [transitions] [days]`.
 * Generates a deterministic board (default 100,000 issues, 1,000,000 transitions, 730 days, 8 columns)
 * and prints, for each analysis, the median time of several runs and the memory it allocates.
 * Memory: the process re-runs itself with --expose-gc and a large young generation, so that the heap
 * growth (heap + array buffers) from a collected baseline to the end of a run, before any collection,
 * bounds the analysis's peak from above.
 */
import { spawnSync } from 'node:child_process';
import {
  buildColumnStats,
  buildIssuesInColumnReport,
  buildLeadTimeReport,
  buildTimeInStateReport,
  computeItemTimelines,
  type Transition,
} from '../packages/flow/src/index.ts';
import { type GeneratedBoard, generateBoard } from './generate-board.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  const flags = ['--expose-gc', '--max-semi-space-size=1024', '--max-old-space-size=4096'];
  const run = spawnSync(process.execPath, [...flags, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}

const [issues = 100_000, transitions = 1_000_000, days = 730] = process.argv.slice(2).map(Number);
const RUNS = 7;

type Analysis = { name: string; run: (board: GeneratedBoard) => unknown };

const ANALYSES: Analysis[] = [
  { name: 'lead time (days=14, cycle start)', run: (b) => buildLeadTimeReport({ ...b, days: 14 }) },
  { name: 'time in state (days=14)', run: (b) => buildTimeInStateReport({ ...b, days: 14 }) },
  {
    name: 'issues in column (In Progress)',
    run: (b) => buildIssuesInColumnReport({ ...b, column: 'In Progress', days: 14 }),
  },
  { name: 'column stats', run: (b) => buildColumnStats(b) },
  { name: 'item timelines (CLI path)', run: (b) => computeItemTimelines(b) },
];

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

type Figures = { median: number; min: number; cpu: number; memory: number };

const medianOf = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Wall time, CPU time of the process (less sensitive to other processes on a shared machine), memory. */
function measure(analysis: Analysis, board: GeneratedBoard): Figures {
  const times: number[] = [];
  const cpus: number[] = [];
  let memory = 0;
  for (let i = 0; i < RUNS; i++) {
    gc?.();
    const before = used();
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = analysis.run(board);
    times.push(performance.now() - start);
    const spent = process.cpuUsage(cpu);
    cpus.push((spent.user + spent.system) / 1000);
    memory = Math.max(memory, used() - before);
    if (result === undefined) throw new Error('no result');
  }
  return { median: medianOf(times), min: Math.min(...times), cpu: medianOf(cpus), memory };
}

function report(label: string, board: GeneratedBoard): void {
  console.log(`\n${label}`);
  const header = ['median ms', 'min ms', 'cpu ms', 'alloc MB'];
  console.log('analysis'.padEnd(36), ...header.map((h) => h.padStart(10)));
  for (const analysis of ANALYSES) {
    const f = measure(analysis, board);
    const cells = [f.median.toFixed(1), f.min.toFixed(1), f.cpu.toFixed(1), mb(f.memory)];
    console.log(analysis.name.padEnd(36), ...cells.map((c) => c.padStart(10)));
  }
}

const t0 = performance.now();
const board = generateBoard({ issues, transitions, days });
const done = board.transitions.filter((t) => t.to === 'Done').length;
console.log(
  `board: ${board.items.length} issues, ${board.transitions.length} transitions, ${days} days, ` +
    `${board.columns.length} columns, ${done} moves into Done; generated in ${(performance.now() - t0).toFixed(0)} ms`,
);
console.log(`node ${process.version}, ${RUNS} runs each, one thread`);
report('rows ordered by item, then time (the SQL order)', board);
// Grouped by item but not in binary id order (e.g. PostgreSQL ORDER BY item_id under a locale collation).
const groups = new Map<string, Transition[]>();
for (const t of board.transitions) groups.set(t.itemId, [...(groups.get(t.itemId) ?? []), { ...t }]);
const reversed = [...groups.values()].reverse().flat();
report('rows grouped by item, ids in another order (the grouped path)', { ...board, transitions: reversed });
// Fresh row objects and id strings in time order, as a query result would lay them out in memory.
const byTime = {
  ...board,
  transitions: [...board.transitions]
    .sort((a, b) => a.at - b.at)
    .map((t) => ({ itemId: `PVTI_${t.itemId.slice(5)}`, from: t.from, to: t.to, at: t.at })),
};
report('rows ordered by time only (unordered ids: the general path)', byTime);
console.log(
  `\npeak RSS of the whole process (input board included): ${mb(process.resourceUsage().maxRSS * 1024)} MB`,
);
