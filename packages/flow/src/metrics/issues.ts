import { forEachColumnEntry, itemsInColumn } from '../input/board-items.ts';
import { resolveBoard } from '../input/columns.ts';
import { flowStages } from '../input/stages.ts';
import { fallbackInsight } from '../insights/insight.ts';
import { issuesInsight } from '../insights/issues-insight.ts';
import { buildCalendar, type Calendar } from '../core/calendar.ts';
import { DAY_MS, dayUnit, days, isoTime, iterationDays, round } from '../core/numbers.ts';
import type {
  BoardItem,
  ColumnStatsInput,
  ColumnStatsResponse,
  IssueRow,
  IssuesInColumnInput,
  IssuesResponse,
} from '../types.ts';

function hasEntry(item: BoardItem): item is BoardItem & { enteredColumnAt: number } {
  return item.enteredColumnAt !== null && Number.isFinite(item.enteredColumnAt);
}

/** Time between two instants: working time on a calendar with days off, else elapsed. */
function timeOn(calendar: Calendar | undefined, from: number, to: number): number {
  return calendar?.partial ? calendar.workingMs(from, to) : to - from;
}

/**
 * Days since the item entered its current column (0 when unknown or in the future), in working time on
 * a calendar with days off: the Issues page's and the items export's age.
 */
export function ageInDays(item: BoardItem, now: number, calendar?: Calendar): number {
  return hasEntry(item) ? days(timeOn(calendar, item.enteredColumnAt, now)) : 0;
}

function toRow(item: BoardItem, now: number, calendar: Calendar): IssueRow {
  return {
    id: item.id,
    number: item.number,
    title: item.title,
    url: item.url,
    days_in_current_column: ageInDays(item, now, calendar),
    entered_column_at: hasEntry(item) ? isoTime(item.enteredColumnAt) : null,
    milestone: item.milestone,
    labels: [...item.labels],
  };
}

/**
 * The last `span` calendar days ending `now`, in days of the ages' unit: working days on a calendar with
 * days off (an iteration of 14 days is 10 working days on a Monday–Friday week), else `span` itself.
 */
function iterationSpan(calendar: Calendar, now: number, span: number): number {
  return calendar.partial ? days(calendar.workingMs(now - span * DAY_MS, now)) : span;
}

/** Oldest first, then by number; the id settles ties (drafts have no number), whatever the input order. */
function byAgeThenNumber(a: IssueRow, b: IssueRow): number {
  return (
    b.days_in_current_column - a.days_in_current_column ||
    (a.number ?? 0) - (b.number ?? 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** The issues response (docs/api.md) for one column (ages in working time on a calendar with days off): rows by days in column (descending) and column statistics. */
export function buildIssuesInColumnReport(input: IssuesInColumnInput): IssuesResponse {
  const iteration = iterationDays(input.days);
  const board = resolveBoard(input);
  const position = board.index.get(input.column);
  const calendar = buildCalendar(input.calendar);
  const inColumn = itemsInColumn(input.items, input.column);
  const rows = inColumn.map((i) => toRow(i, input.now, calendar)).sort(byAgeThenNumber);
  const ages = inColumn.flatMap((i) =>
    hasEntry(i) ? [Math.max(0, timeOn(calendar, i.enteredColumnAt, input.now) / DAY_MS)] : [],
  );
  const average = ages.length > 0 ? round(ages.reduce((a, b) => a + b, 0) / ages.length) : 0;
  // Like with like: ages in working time against the working time of one and two iterations ending now.
  const limits = [
    iterationSpan(calendar, input.now, iteration),
    iterationSpan(calendar, input.now, 2 * iteration),
  ] as const;
  const over1x = ages.filter((d) => d > limits[0]).length;
  const over2x = ages.filter((d) => d > limits[1]).length;
  const aged = rows.find((r) => r.entered_column_at !== null);
  const oldest = aged ? { number: aged.number, title: aged.title, days: aged.days_in_current_column } : null;
  const stages = flowStages(input);
  const before = position !== undefined && stages.stages[position] === 'before_commitment';
  const performance_insight =
    position === undefined
      ? fallbackInsight()
      : issuesInsight({
          column: input.column,
          isDone: position >= board.done,
          beforeCommitment: before ? stages.commitmentColumn : null,
          count: rows.length,
          average,
          over1x,
          over2x,
          iteration,
          limits,
          unit: dayUnit(calendar),
          oldest,
        });
  return {
    issues: rows,
    column_stats: {
      avg_days: average,
      issues_over_1x_iteration: over1x,
      issues_over_2x_iteration: over2x,
      thresholds: { '1x_iteration': limits[0], '2x_iteration': limits[1] },
      iteration_length_days: iteration,
      performance_insight,
    },
  };
}

/** Fixed thresholds of the column statistics (docs/metrics.md §5). */
export const OVER_DAYS = [7, 14] as const;

/** Column stats (docs/api.md): per board column, count, mean age, and issues older than 7 and 14 days. */
export function buildColumnStats(input: ColumnStatsInput): ColumnStatsResponse {
  const board = resolveBoard(input);
  const calendar = buildCalendar(input.calendar);
  const acc = board.columns.map(() => ({ count: 0, aged: 0, sum: 0, over7: 0, over14: 0 }));
  forEachColumnEntry(input.items, (column, enteredAt) => {
    const c = column === null ? undefined : board.index.get(column);
    const a = c === undefined ? undefined : acc[c];
    if (!a) return;
    a.count++;
    if (enteredAt === null || !Number.isFinite(enteredAt)) return;
    const age = Math.max(0, timeOn(calendar, enteredAt, input.now) / DAY_MS);
    a.aged++;
    a.sum += age;
    if (age > OVER_DAYS[0]) a.over7++;
    if (age > OVER_DAYS[1]) a.over14++;
  });
  const result: ColumnStatsResponse = {};
  board.columns.forEach((name, c) => {
    const a = acc[c];
    if (!a || name in result) return;
    result[name] = {
      count: a.count,
      avg_days: a.aged > 0 ? round(a.sum / a.aged) : 0,
      over_7_days: a.over7,
      over_14_days: a.over14,
    };
  });
  return result;
}
