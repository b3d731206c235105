/**
 * Filters benchmark (issue 12): `npx tsx bench/filters.ts [issues] [transitions] [days]`.
 * Each analysis on the generated board (default 100,000 issues, 1,000,000 moves as columns), without a
 * filter and with one (`label=bug`: a third of the items; and a date range of the last 90 days), the
 * filter's own time included. Prints the median of several runs in ms and the ratio to unfiltered.
 */
import {
  buildColumnStats,
  buildFlowReport,
  buildIssuesInColumnReport,
  buildLeadTimeReport,
  buildTimeInStateReport,
  filterBoard,
  filterItems,
  type ItemFilter,
  toTransitionColumns,
  type Transitions,
} from '../packages/flow/src/index.ts';
import { generateBoard } from './generate-board.ts';

const [issues = 100_000, transitions = 1_000_000, days = 730] = process.argv.slice(2).map(Number);
const generated = generateBoard({ issues, transitions, days });
const board = { ...generated, transitions: toTransitionColumns(generated.transitions) as Transitions };
const DAY_MS = 86_400_000;
const FILTERS: [string, ItemFilter][] = [
  ['none', {}],
  ['label=bug', { labels: ['bug'] }],
  ['last 90 days', { from: board.now - 90 * DAY_MS, to: board.now }],
];
type Input = typeof board;
/** As the server does: items and moves for the analyses that read moves, the items alone for the others. */
const ANALYSES: [string, boolean, (b: Input) => unknown][] = [
  ['lead time (days=14)', true, (b) => buildLeadTimeReport({ ...b, days: 14 })],
  ['time in state (days=14)', true, (b) => buildTimeInStateReport({ ...b, days: 14 })],
  ['issues in column', false, (b) => buildIssuesInColumnReport({ ...b, column: 'In Progress', days: 14 })],
  ['column stats', false, (b) => buildColumnStats(b)],
  ['flow (days=30)', true, (b) => buildFlowReport({ ...b, days: 30, horizon: 14, targetItems: 10 })],
];
const RUNS = 5;

function median(run: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
}

console.log(`| analysis | ${FILTERS.map(([name]) => name).join(' | ')} |`);
console.log(`|---|${FILTERS.map(() => '---').join('|')}|`);
for (const [name, readsMoves, analysis] of ANALYSES) {
  const cells: string[] = [];
  let base = 0;
  for (const [label, filter] of FILTERS) {
    const ms = median(() => {
      const options = { doneColumn: board.columns.at(-1) ?? null };
      if (readsMoves) return analysis({ ...board, ...filterBoard(board, filter, options) });
      return analysis({ ...board, items: filterItems(board, filter, options) });
    });
    if (label === 'none') base = ms;
    cells.push(label === 'none' ? `${ms.toFixed(0)} ms` : `${ms.toFixed(0)} ms (${(ms / base).toFixed(2)}×)`);
  }
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
