/**
 * The Flow report on the 100,000-issue board (`npm run bench -- flow`, or
 * `npx tsx bench/flow-report.ts [issues] [transitions] [days]`): median and best of several runs, with the
 * moves as TransitionColumns (what the API server holds), without flow policies and with them (an SLE,
 * WIP limits on three columns, the blocked label on 2 % of the items, each put on and taken off). Written
 * to run on an older checkout too (no policies there: the 'with policies' row is then the same work), so
 * a change's cost is measured against the code before it. The third row marks its moves' timeline kept,
 * as the server does for a loaded board version (`keepTimelines`): the timeline is built by the warm-up
 * run, and each measured run is the report's own work, what a request pays on a loaded board.
 */
import { codeRoot, flowCode } from './code.ts';
import { generateBoard } from './generate-board.ts';
import { benchPolicies } from './private-view.ts';
import { type EngineFigures, writeFigures } from './targets.ts';

// The measured engine: this checkout's, or BENCH_CODE_ROOT's (bench/code.ts); the harness is this one.
const code = await flowCode();
const { buildFlowReport, toTransitionColumns } = code;
// Older revisions keep no timeline: their 'kept' row is then the same work as the one above it.
const keepTimelines = (code as { keepTimelines?: (moves: unknown) => void }).keepTimelines;

const issues = Number(process.argv[2] ?? process.env.BENCH_ITEMS ?? 100_000);
const transitions = Number(process.argv[3] ?? process.env.BENCH_TRANSITIONS ?? issues * 10);
const days = Number(process.argv[4] ?? process.env.BENCH_DAYS ?? 730);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const board = generateBoard({ issues, transitions, days });
const sorted = [...board.transitions].sort((a, b) => a.at - b.at);
const moves = toTransitionColumns(sorted);
const keptMoves = toTransitionColumns(sorted);
keepTimelines?.(keptMoves);
const DAY = 86_400_000;
const labelChanges = board.items
  .filter((_, i) => i % 50 === 3)
  .flatMap((item, i) => {
    const at = board.now - ((i % 60) + 2) * DAY;
    return [
      { itemId: item.id, label: 'blocked', added: true, at },
      { itemId: item.id, label: 'blocked', added: false, at: at + ((i % 5) + 1) * DAY },
    ];
  });
const policies = benchPolicies(board.columns);

const base = { ...board, transitions: moves, days: 30, horizon: 14, targetItems: 10 };
const variants: [string, keyof EngineFigures, () => unknown][] = [
  ['flow report, no policies', 'flowReportMs', () => buildFlowReport(base)],
  [
    'flow report, with policies',
    'flowPoliciesMs',
    () => buildFlowReport({ ...base, policies, labelChanges } as typeof base),
  ],
  [
    'with policies, timeline kept',
    'flowPoliciesKeptMs',
    () => buildFlowReport({ ...base, transitions: keptMoves, policies, labelChanges } as typeof base),
  ],
];

const median = (values: number[]) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] as number;
console.log(
  `flow report: ${issues} issues, ${transitions} moves, ${labelChanges.length} label changes; ${RUNS} runs; code measured: ${codeRoot}`,
);
console.log('variant                              median ms     min ms  cpu median ms  cpu min ms');
const figures: Partial<EngineFigures> = {};
for (const [name, figure, run] of variants) {
  run();
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    run();
    times.push(performance.now() - start);
    const spent = process.cpuUsage(cpu);
    cpus.push((spent.user + spent.system) / 1000);
  }
  console.log(
    `${name.padEnd(36)} ${median(times).toFixed(1).padStart(9)} ${Math.min(...times)
      .toFixed(1)
      .padStart(10)} ${median(cpus).toFixed(1).padStart(14)} ${Math.min(...cpus)
      .toFixed(1)
      .padStart(11)}`,
  );
  figures[figure] = median(cpus);
}
writeFigures('Engine', figures);
