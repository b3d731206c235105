/**
 * Filters benchmark (docs/metrics.md §13): `npx tsx bench/filters.ts [issues] [transitions] [days]`.
 * Each analysis on the generated board (default 100,000 issues, 1,000,000 moves as columns), on the
 * default calendar (UTC, every day worked) and on a working calendar (Europe/Paris, weekends, holidays),
 * without a filter and with one — `label=bug` (a third of the items), the last 90 days, both, and the
 * board's setting that leaves archived items out (5 % of the items) — with the filter's own time
 * included, as the server pays it on a result-cache miss (analytics/item-filter.ts: the loaded items list,
 * the archived ids as a new set per request).
 * Every round runs each variant once (alternated, so the machine's load falls on all of them); printed:
 * the median ms and, per variant, the median and interquartile range of the per-round ratio to the
 * unfiltered default-calendar run. Knobs: BENCH_RUNS (rounds, default 15), BENCH_ONLY_ANALYSIS (a name prefix; `first` for the first request after a change).
 */
import {
  type BoardItem,
  buildColumnStats,
  buildFlowReport,
  buildIssuesInColumnReport,
  buildLeadTimeReport,
  buildTimeInStateReport,
  type CalendarSettings,
  dropItems,
  filterBoard,
  filterItems,
  type ItemFilter,
  isFilterOn,
  type TransitionColumns,
  toTransitionColumns,
  type Transitions,
} from '../packages/flow/src/index.ts';
import { generateBoard } from './generate-board.ts';

const [issues = 100_000, transitions = 1_000_000, days = 730] = process.argv.slice(2).map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const ONLY = process.env.BENCH_ONLY_ANALYSIS ?? '';
/** The board as the server holds it: moves as columns, not a million objects (they would slow every GC). */
function columnsBoard() {
  const { transitions: moves, ...rest } = generateBoard({ issues, transitions, days });
  return { ...rest, transitions: toTransitionColumns(moves) as Transitions };
}
const board = columnsBoard();
const DAY_MS = 86_400_000;
const HOLIDAYS = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25', '12-26', '12-31'];
const WORKING: CalendarSettings = {
  timeZone: 'Europe/Paris',
  weekends: [6, 0],
  holidays: [2022, 2023, 2024, 2025, 2026].flatMap((year) => HOLIDAYS.map((day) => `${year}-${day}`)),
};
const last90: ItemFilter = { from: board.now - 90 * DAY_MS, to: board.now };
const archivedIds = board.items.filter((_, i) => i % 20 === 7).map((item) => item.id);
type Variant = { name: string; filter: ItemFilter; archived: boolean };
const FILTERS: Variant[] = [
  { name: 'none', filter: {}, archived: false },
  { name: 'label=bug', filter: { labels: ['bug'] }, archived: false },
  { name: 'last 90 days', filter: last90, archived: false },
  { name: 'bug, 90 days', filter: { labels: ['bug'], ...last90 }, archived: false },
  { name: 'archived out', filter: {}, archived: true },
];
const CALENDARS: [string, CalendarSettings | undefined][] = [
  ['UTC', undefined],
  ['Paris', WORKING],
];

type Input = { items: BoardItem[]; transitions: Transitions; calendar: CalendarSettings | undefined };
type Request = { variant: Variant; calendar: CalendarSettings | undefined };

/** The items and moves the server hands the engine for one request (analytics/item-filter.ts). */
function serverInput({ variant, calendar }: Request, readsMoves: boolean): Input {
  const options = { doneColumn: board.columns.at(-1) ?? null, hidden: new Set<string>() };
  const items = board.items;
  const moves =
    variant.archived && readsMoves ? dropItems(board.transitions, new Set(archivedIds)) : board.transitions;
  if (!isFilterOn(variant.filter)) return { items, transitions: moves, calendar };
  if (!readsMoves) {
    return {
      items: filterItems({ items, transitions: moves }, variant.filter, options),
      transitions: [],
      calendar,
    };
  }
  return { ...filterBoard({ items, transitions: moves }, variant.filter, options), calendar };
}

const ANALYSES: [string, boolean, (input: Input) => unknown][] = [
  ['lead time (days=14)', true, (b) => buildLeadTimeReport({ ...board, ...b, days: 14 })],
  ['time in state (days=14)', true, (b) => buildTimeInStateReport({ ...board, ...b, days: 14 })],
  [
    'issues in column',
    false,
    (b) => buildIssuesInColumnReport({ ...board, ...b, column: 'In Progress', days: 14 }),
  ],
  ['column stats', false, (b) => buildColumnStats({ ...board, ...b })],
  [
    'flow (days=30)',
    true,
    (b) => buildFlowReport({ ...board, ...b, days: 30, horizon: 14, targetItems: 10 }),
  ],
];

const REQUESTS: [string, Request][] = CALENDARS.flatMap(([calendarName, calendar]) =>
  FILTERS.map((variant): [string, Request] => [`${calendarName}, ${variant.name}`, { variant, calendar }]),
);

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] as number;

function timeRounds(readsMoves: boolean, analysis: (input: Input) => unknown): number[][] {
  const times = REQUESTS.map((): number[] => []);
  for (let round = 0; round < RUNS; round++) {
    // Alternate the order too, so no variant always runs right after the same neighbour.
    const order = REQUESTS.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const start = performance.now();
      analysis(serverInput((REQUESTS[i] as [string, Request])[1], readsMoves));
      times[i]?.push(performance.now() - start);
    }
  }
  return times;
}

console.log(
  `filters bench: ${issues} issues, ${transitions} moves, ${days} days; ${RUNS} alternated rounds; ` +
    'cells: median ms (median ratio to UTC/none, its interquartile range)',
);
console.log(`| analysis | ${REQUESTS.map(([name]) => name).join(' | ')} |`);
console.log(`|---|${REQUESTS.map(() => '---:').join('|')}|`);
for (const [name, readsMoves, analysis] of ANALYSES) {
  if (!name.startsWith(ONLY)) continue;
  const times = timeRounds(readsMoves, analysis);
  const base = times[0] as number[];
  const cells = times.map((runs, i) => {
    const ms = quantile(runs, 0.5).toFixed(0);
    if (i === 0) return `${ms} ms`;
    const ratios = runs.map((t, round) => t / (base[round] as number));
    const [q1, q2, q3] = [0.25, 0.5, 0.75].map((q) => quantile(ratios, q).toFixed(2));
    return `${ms} ms (${q2}×, ${q1}–${q3})`;
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}

/**
 * What the first filtered request after a change pays once: a new snapshot of the moves (the spans of a
 * date range and the archived items' copy are computed again) or a new items list (the board store reads
 * the items again at each data version: each item's dictionary code is looked up again).
 */
function firstAfterChange(): void {
  const options = { doneColumn: board.columns.at(-1) ?? null };
  const columns = board.transitions as TransitionColumns;
  const cases: [string, () => unknown][] = [
    [
      'new snapshot: last 90 days',
      () => filterBoard({ items: board.items, transitions: { ...columns } }, last90, options),
    ],
    ['new snapshot: archived out', () => dropItems({ ...columns }, new Set(archivedIds))],
    [
      'new items list: label=bug',
      () => filterBoard({ items: board.items.slice(), transitions: columns }, { labels: ['bug'] }, options),
    ],
  ];
  console.log('\nfirst request after a change (the filter alone, median ms):');
  for (const [name, run] of cases) {
    const cold: number[] = [];
    for (let i = 0; i < Math.max(5, Math.floor(RUNS / 2)); i++) {
      const start = performance.now();
      run();
      cold.push(performance.now() - start);
    }
    console.log(`${name}: ${quantile(cold, 0.5).toFixed(0)} ms`);
  }
}
if ('first request'.startsWith(ONLY)) firstAfterChange();
