/**
 * Iterations and estimates benchmark (docs/metrics.md §15): `npx tsx bench/iterations.ts [issues] [transitions] [days]`
 * (or `npm run bench -- iterations`). On the generated board (default 100,000 issues, 1,000,000 moves as
 * columns, as the server holds them): the Flow report in items (the default, what every Flow page asks),
 * in estimate units (every item estimated), under an iteration filter (one two-week iteration's items,
 * the filter's own time included), and the iteration report (26 iterations, two iteration and estimate changes an item).
 * Each round runs every variant once, alternated; printed: the median ms over BENCH_RUNS rounds (default 7),
 * beside the 150 ms every analysis is held to.
 */
import {
  buildCalendar,
  buildFlowReport,
  buildIterationReport,
  completionTimes,
  estimateWeights,
  filterBoard,
  type Iteration,
  itemsInIteration,
  type IterationEstimateChange,
  iterationHistory,
  toTransitionColumns,
  type Transitions,
} from '../packages/flow/src/index.ts';
import { generateBoard } from './generate-board.ts';

const [issues = 100_000, transitions = 1_000_000, days = 730] = process.argv.slice(2).map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DAY_MS = 86_400_000;
const { transitions: moves, ...rest } = generateBoard({ issues, transitions, days });
const board = { ...rest, transitions: toTransitionColumns(moves) as Transitions };
const today = Math.floor(board.now / DAY_MS);
const iterations: Iteration[] = Array.from({ length: 26 }, (_, k) => ({
  id: `it-${k}`,
  title: `Iteration ${k + 1}`,
  startDate: new Date((today - 14 * (25 - k) - 6) * DAY_MS).toISOString().slice(0, 10),
  duration: 14,
}));
// Each item: planned into an iteration, estimated, then moved to the next one (a carry-over), re-estimated.
const changes: IterationEstimateChange[] = board.items.flatMap((item, i) => {
  const k = i % 26;
  const start = Date.parse(`${iterations[k]?.startDate}T00:00:00Z`);
  const next = iterations[Math.min(25, k + 1)]?.id ?? null;
  return [
    { itemId: item.id, at: start - 3_600_000, iteration: `it-${k}`, estimate: 1 + (i % 8) },
    { itemId: item.id, at: start + 14 * DAY_MS, iteration: next, estimate: 2 + (i % 8) },
  ];
});
const history = iterationHistory(changes);
const estimates = estimateWeights(history);
const flowInput = {
  columns: board.columns,
  cycleStartColumn: board.columns[2] ?? null,
  transitions: board.transitions,
  items: board.items,
  now: board.now,
  days: 30,
};

const VARIANTS: [string, () => unknown][] = [
  ['Flow, items (days=30)', () => buildFlowReport(flowInput)],
  ['Flow, estimate units', () => buildFlowReport({ ...flowInput, unit: 'estimate', estimates })],
  [
    'Flow, iteration filter',
    () => {
      const ids = itemsInIteration(iterationHistory(changes), 'it-25');
      const kept = filterBoard(flowInput, { ids }, { doneColumn: board.columns.at(-1) ?? null });
      return buildFlowReport({ ...flowInput, ...kept });
    },
  ],
  [
    'iteration report (estimate units)',
    () => {
      return buildIterationReport({
        iterations,
        history,
        completedAt: completionTimes({ columns: board.columns }, board.transitions),
        unit: 'estimate',
        now: board.now,
        knownSince: changes[0]?.at ?? 0,
        calendar: buildCalendar(),
      });
    },
  ],
];

const times = VARIANTS.map(() => [] as number[]);
for (let round = 0; round < RUNS; round++) {
  const order = round % 2 === 0 ? VARIANTS.map((_, i) => i) : VARIANTS.map((_, i) => VARIANTS.length - 1 - i);
  for (const i of order) {
    const started = performance.now();
    (VARIANTS[i] as [string, () => unknown])[1]();
    times[i]?.push(performance.now() - started);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
/** Every analysis on the reference board: docs/performance.md, "Targets". */
const TARGET_MS = 150;
console.log(`board: ${issues} issues, ${transitions} moves, ${days} days; ${RUNS} rounds, one thread`);
console.log('variant                                  median ms     min ms     target');
VARIANTS.forEach(([name], i) => {
  const t = times[i] ?? [];
  const met = median(t) <= TARGET_MS ? '✓' : '✗';
  console.log(
    `${name.padEnd(40)} ${median(t).toFixed(1).padStart(9)} ${Math.min(...t)
      .toFixed(1)
      .padStart(10)} ${`≤ ${TARGET_MS} ${met}`.padStart(10)}`,
  );
});
