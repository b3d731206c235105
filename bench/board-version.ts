/**
 * The analyses of one loaded board version, as the server runs them (`npx tsx bench/board-version.ts
 * [issues] [transitions] [days]`, best under `node --single-threaded --import tsx`): the moves held by a
 * builder and marked as a loaded version's (`keepTimelines`, as `analytics/board-data.ts` does), then per
 * round one move appended (a refresh: a new version) and lead time, time in state and the Flow report with
 * policies asked of it, in that order, each once. Prints the CPU median of each step over the rounds.
 * Against a revision without kept timelines (BENCH_CODE_ROOT, bench/code.ts) every step rebuilds the timeline.
 */
import { codeRoot, flowCode } from './code.ts';
import { generateBoard } from './generate-board.ts';
import { benchPolicies } from './private-view.ts';

const flow = await flowCode();
const { buildFlowReport, buildLeadTimeReport, buildTimeInStateReport, TransitionColumnsBuilder } = flow;
const keep = (flow as { keepTimelines?: (columns: unknown) => void }).keepTimelines ?? (() => undefined);

const issues = Number(process.argv[2] ?? 100_000);
const transitions = Number(process.argv[3] ?? issues * 10);
const days = Number(process.argv[4] ?? 730);
const ROUNDS = Number(process.env.BENCH_RUNS ?? 11);

const board = generateBoard({ issues, transitions, days });
const builder = new TransitionColumnsBuilder(transitions + 1024);
for (const t of [...board.transitions].sort((a, b) => a.at - b.at))
  builder.append(t.itemId, t.from, t.to, t.at);
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
const movable = board.items.filter((i) => i.column !== null && i.column !== board.columns.at(-1));

const cpuMs = (run: () => unknown) => {
  const start = process.cpuUsage();
  if (run() === undefined) throw new Error('no result');
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1000;
};
const steps: Record<string, number[]> = {};
const note = (step: string, ms: number) => {
  steps[step] ??= [];
  steps[step].push(ms);
};

keep(builder.snapshot());
for (let round = 0; round <= ROUNDS; round++) {
  const item = movable[round % movable.length] as (typeof movable)[number];
  const next = board.columns[board.columns.indexOf(item.column ?? '') + 1] ?? null;
  builder.append(item.id, item.column, next, board.now - 60_000 + round);
  const moves = builder.snapshot();
  keep(moves);
  const input = { ...board, transitions: moves, cycleStartColumn: board.columns[2] ?? null, days: 14 };
  const flowInput = { ...board, transitions: moves, days: 30, horizon: 14, targetItems: 10 };
  const times = {
    'lead time (first analysis of the version)': cpuMs(() => buildLeadTimeReport(input)),
    'time in state': cpuMs(() => buildTimeInStateReport(input)),
    'flow report with policies': cpuMs(() =>
      buildFlowReport({ ...flowInput, policies, labelChanges } as typeof flowInput),
    ),
  };
  // Round 0 warms the JIT (and, with kept timelines, builds the first version's).
  if (round > 0) for (const [step, ms] of Object.entries(times)) note(step, ms);
}

const median = (values: number[]) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] as number;
console.log(
  `board version: ${issues} issues, ${transitions} moves; ${ROUNDS} versions, each one appended move; code measured: ${codeRoot}`,
);
for (const [step, values] of Object.entries(steps))
  console.log(`${step.padEnd(44)} cpu median ${median(values).toFixed(1).padStart(7)} ms`);
