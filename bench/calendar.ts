/**
 * Calendar benchmark (docs/metrics.md §12): `npx tsx bench/calendar.ts [issues] [transitions] [days]`.
 * The analyses that follow the board's calendar — every analysis, and the CLI's board report (built from
 * the same board as a board file) — on the generated board (default 100,000 issues, 1,000,000 moves as
 * columns), with the default calendar (UTC, every day worked) and with a working calendar (Europe/Paris,
 * Saturday–Sunday weekends, ten holidays a year). Prints the median of several runs in ms and the ratio.
 */
import {
  buildBoardReport,
  buildColumnStats,
  buildFlowReport,
  buildIssuesInColumnReport,
  buildLeadTimeReport,
  buildTimeInStateReport,
  type CalendarSettings,
  type ParsedBoard,
  toTransitionColumns,
  type Transitions,
} from '../packages/flow/src/index.ts';
import { generateBoard } from './generate-board.ts';

const [issues = 100_000, transitions = 1_000_000, days = 730] = process.argv.slice(2).map(Number);
const generated = generateBoard({ issues, transitions, days });
const board = { ...generated, transitions: toTransitionColumns(generated.transitions) as Transitions };
const parsed: ParsedBoard = {
  columns: generated.columns,
  cycleStartColumn: generated.cycleStartColumn,
  doneColumn: null,
  keys: generated.items.map((i) => i.id),
  transitions: board.transitions,
};
const HOLIDAYS = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25', '12-26', '12-31'];
const WORKING: CalendarSettings = {
  timeZone: 'Europe/Paris',
  weekends: [6, 0],
  holidays: [2022, 2023, 2024, 2025, 2026].flatMap((year) => HOLIDAYS.map((day) => `${year}-${day}`)),
};
const ANALYSES: [string, (calendar: CalendarSettings | undefined) => unknown][] = [
  ['lead time (days=14)', (calendar) => buildLeadTimeReport({ ...board, days: 14, calendar })],
  ['time in state (days=14)', (calendar) => buildTimeInStateReport({ ...board, days: 14, calendar })],
  [
    'issues in column',
    (calendar) => buildIssuesInColumnReport({ ...board, column: 'In Progress', days: 14, calendar }),
  ],
  ['column stats', (calendar) => buildColumnStats({ ...board, calendar })],
  [
    'flow (days=30)',
    (calendar) => buildFlowReport({ ...board, days: 30, horizon: 14, targetItems: 10, calendar }),
  ],
  ['board report (exact)', (calendar) => buildBoardReport(parsed, { calendar })],
  ['board report (whole days)', (calendar) => buildBoardReport(parsed, { wholeDays: true, calendar })],
];
const RUNS = 5;

/** Medians of the two variants, runs alternated so that warm-up and the machine's load fall on both. */
function medians(plain: () => unknown, working: () => unknown): [number, number] {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < RUNS; i++)
    [plain, working].forEach((run, v) => {
      const start = performance.now();
      run();
      times[v]?.push(performance.now() - start);
    });
  const mid = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
  return [mid(times[0]), mid(times[1])];
}

console.log(
  `calendar bench: ${issues} issues, ${transitions} moves, ${days} days; median of ${RUNS} alternated runs`,
);
console.log('analysis | UTC, every day (ms) | Paris, weekends, holidays (ms) | ratio');
for (const [name, run] of ANALYSES) {
  const [plain, working] = medians(
    () => run(undefined),
    () => run(WORKING),
  );
  console.log(`${name} | ${plain.toFixed(0)} | ${working.toFixed(0)} | ${(working / plain).toFixed(2)}`);
}
