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

function measure(analysis: Analysis, board: GeneratedBoard): { median: number; min: number; memory: number } {
  const times: number[] = [];
  let memory = 0;
  for (let i = 0; i < RUNS; i++) {
    gc?.();
    const before = used();
    const start = performance.now();
    const result = analysis.run(board);
    times.push(performance.now() - start);
    memory = Math.max(memory, used() - before);
    if (result === undefined) throw new Error('no result');
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] as number, min: times[0] as number, memory };
}

function report(label: string, board: GeneratedBoard): void {
  console.log(`\n${label}`);
  console.log('analysis'.padEnd(36), 'median ms'.padStart(10), 'min ms'.padStart(8), 'alloc MB'.padStart(9));
  for (const analysis of ANALYSES) {
    const { median, min, memory } = measure(analysis, board);
    console.log(
      analysis.name.padEnd(36),
      median.toFixed(1).padStart(10),
      min.toFixed(1).padStart(8),
      mb(memory).padStart(9),
    );
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
