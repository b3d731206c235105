import type {
  ColumnClassification,
  ItemFilterQuery,
  BoardColumnStatsResponse,
  IssuesResponse,
  LeadTimeResponse,
  TimeInStateResponse,
} from '@fluxion/contract';
import { DEFAULT_CALENDAR } from '@fluxion/contract';
import {
  buildColumnStats,
  buildIssuesInColumnReport,
  buildLeadTimeReport,
  buildTimeInStateReport,
  withFilterNote,
} from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { type Viewer, viewedBoard } from './access.ts';
import { badRequest } from '../http/errors.ts';
import type { TrackedRow } from '../projects/queries.ts';
import { calendarKey, engineCalendar } from '../projects/calendar.ts';
import { classificationOverride } from '../projects/classification.ts';
import { toApiProject } from '../projects/to-api.ts';
import type { BoardData } from '../move-log/load-moves.ts';
import {
  type FilterView,
  filteredBoard,
  filteredItems,
  type RequestFilter,
  requestFilter,
  viewForFilter,
} from './item-filter.ts';

/**
 * An analysis as the API sends it: JSON text, serialised once. A warm hit costs the access check (one
 * statement) and a cache lookup, not the engine nor `JSON.stringify` of a year of date-keyed points.
 * Typed by the response it holds, so routes stay tied to the contract.
 */
export type Json<T> = string & { readonly __response?: T };

type Board = {
  row: TrackedRow;
  columns: string[];
  classification: ColumnClassification | null;
  key: string;
  viewer: string;
};

/** The board the access check found (analytics/access.ts, every request) and its data's cache key. */
function resolveBoard(viewer: Viewer, projectId: string): Board {
  const row = viewedBoard(viewer, projectId);
  const project = toApiProject(row);
  // data_version comes with the row: bumped by every recorded change, so cached results are never stale.
  return {
    row,
    columns: project.column_list,
    classification: project.column_classification,
    key: `${row.id}:${row.data_version}`,
    viewer: viewer.userId,
  };
}

/** The board's moves at its current data version; concurrent cold requests share one load. */
function boardData(ctx: ApiContext, board: Board): Promise<BoardData> {
  return ctx.analytics.boards.get(ctx.db, board.row.id, Number(board.row.data_version));
}

/**
 * The board's items now on it, at its current data version or later, as the viewer may see them (and,
 * under a content filter, those that left it): a result computed from them is cached under their `key`.
 */
function boardItems(ctx: ApiContext, board: Board, filter: RequestFilter): Promise<FilterView> {
  return viewForFilter(ctx, board.viewer, board.row, filter);
}

/** The items (as the viewer sees them) and moves the request's filter keeps (docs/metrics.md, "Filters"). */
async function filtered(ctx: ApiContext, board: Board, filter: RequestFilter, view: FilterView) {
  const data = await boardData(ctx, board);
  return filteredBoard(filter, { view, transitions: data.transitions, columns: board.columns });
}

/** The items alone under the filter: the moves are loaded only for a date range. */
async function filteredItemsOf(ctx: ApiContext, board: Board, filter: RequestFilter, view: FilterView) {
  const transitions = filter.dates ? (await boardData(ctx, board)).transitions : [];
  return filteredItems(filter, { view, transitions, columns: board.columns });
}

/** The board's calendar, and the request's filter read in its time zone. */
function calendarAndFilter(board: ReturnType<typeof resolveBoard>, query: Partial<ItemFilterQuery>) {
  const calendar = toApiProject(board.row).calendar ?? DEFAULT_CALENDAR;
  return { calendar, filter: requestFilter(query, calendar.time_zone) };
}

/** A cached analysis, computed once even when many requests ask for it before it is ready. */
function analysis<T>(ctx: ApiContext, key: string, compute: () => Promise<T>): Promise<Json<T>> {
  return ctx.analytics.results.compute(key, async () => JSON.stringify(await compute()));
}

export async function leadTime(
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string; days: number; cycle_time?: string | undefined } & Partial<ItemFilterQuery>,
): Promise<Json<LeadTimeResponse>> {
  const board = resolveBoard(viewer, query.project);
  const { calendar, filter } = calendarAndFilter(board, query);
  // Without the parameter, the project's own cycle-start column applies.
  const cycleStart = query.cycle_time || toApiProject(board.row).cycle_time_start_column;
  if (cycleStart && !board.columns.includes(cycleStart)) {
    throw badRequest(`cycle_time: "${cycleStart}" is not a column of this project`, 'cycle_time');
  }
  // Lead time reads the items only to filter them: what the viewer sees of them matters then.
  const view = filter.on || board.row.include_archived === 0 ? await boardItems(ctx, board, filter) : null;
  const key = `lead:${board.key}:${query.days}:${cycleStart ?? ''}:${view?.key ?? ''}:${filter.key}:${calendarKey(calendar)}`;
  return analysis(ctx, key, async () => {
    const transitions = view
      ? (await filtered(ctx, board, filter, view)).transitions
      : (await boardData(ctx, board)).transitions;
    const report = buildLeadTimeReport({
      columns: board.columns,
      cycleStartColumn: cycleStart,
      transitions,
      days: query.days,
      now: ctx.now(),
      calendar: engineCalendar(calendar),
    }) as LeadTimeResponse;
    report.metrics.performance_insight = withFilterNote(
      report.metrics.performance_insight,
      filter.filter,
      calendar.time_zone,
    );
    return report;
  });
}

export async function timeInState(
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string; days: number } & Partial<ItemFilterQuery>,
): Promise<Json<TimeInStateResponse>> {
  const board = resolveBoard(viewer, query.project);
  const { calendar, filter } = calendarAndFilter(board, query);
  // Users who share a board may classify its columns differently: their results are cached apart.
  const lists = board.classification;
  // The commitment point (the cycle-start column) keeps queues before it out of the bottleneck.
  const cycleStart = toApiProject(board.row).cycle_time_start_column ?? null;
  const view = await boardItems(ctx, board, filter);
  const key = `tis:${board.key}:${view.key}:${query.days}:${JSON.stringify(lists)}:${cycleStart ?? ''}:${filter.key}:${calendarKey(calendar)}`;
  return analysis(ctx, key, async () => {
    const { items, transitions } = await filtered(ctx, board, filter, view);
    const report = buildTimeInStateReport({
      columns: board.columns,
      cycleStartColumn: cycleStart,
      classification: classificationOverride(lists),
      transitions,
      items,
      days: query.days,
      now: ctx.now(),
      calendar: engineCalendar(calendar),
    }) as TimeInStateResponse;
    report.metrics.performance_insight = withFilterNote(
      report.metrics.performance_insight,
      filter.filter,
      calendar.time_zone,
    );
    return report;
  });
}

export async function issuesInColumn(
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string; column: string } & Partial<ItemFilterQuery>,
): Promise<Json<IssuesResponse>> {
  const board = resolveBoard(viewer, query.project);
  const { calendar, filter } = calendarAndFilter(board, query);
  if (!board.columns.includes(query.column)) {
    throw badRequest(`column: "${query.column}" is not a column of this project`, 'column');
  }
  const days = board.row.iteration_length_days ?? toApiProject(board.row).iteration_length_days;
  const cycleStart = toApiProject(board.row).cycle_time_start_column ?? null;
  const lists = board.classification;
  const view = await boardItems(ctx, board, filter);
  const key = `issues:${board.key}:${view.key}:${days}:${query.column}:${cycleStart ?? ''}:${JSON.stringify(lists)}:${filter.key}:${calendarKey(calendar)}`;
  return analysis(ctx, key, async () => {
    // Without a filter the moves are not needed: they are not loaded.
    const items = filter.on ? await filteredItemsOf(ctx, board, filter, view) : view.items;
    const report = buildIssuesInColumnReport({
      columns: board.columns,
      cycleStartColumn: cycleStart,
      classification: classificationOverride(lists),
      column: query.column,
      items,
      days,
      now: ctx.now(),
      calendar: engineCalendar(calendar),
    }) as IssuesResponse;
    report.column_stats.performance_insight = withFilterNote(
      report.column_stats.performance_insight,
      filter.filter,
      calendar.time_zone,
    );
    return report;
  });
}

export async function columnStats(
  ctx: ApiContext,
  viewer: Viewer,
  projectId: string,
  query: Partial<ItemFilterQuery> = {},
): Promise<Json<BoardColumnStatsResponse>> {
  const board = resolveBoard(viewer, projectId);
  const { calendar, filter } = calendarAndFilter(board, query);
  const view = await boardItems(ctx, board, filter);
  return analysis(ctx, `stats:${board.key}:${view.key}:${filter.key}:${calendarKey(calendar)}`, async () => {
    const items = filter.on ? await filteredItemsOf(ctx, board, filter, view) : view.items;
    const stats = buildColumnStats({
      columns: board.columns,
      items,
      now: ctx.now(),
      calendar: engineCalendar(calendar),
    });
    return { column_stats: stats } as BoardColumnStatsResponse;
  });
}

/**
 * The items now on the board that the query's filter keeps, as the viewer sees them, with the board's
 * calendar: what the items export writes (the same filter and visibility as the Issues page).
 */
export async function filteredBoardItems(
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string } & Partial<ItemFilterQuery>,
) {
  const board = resolveBoard(viewer, query.project);
  const { calendar, filter } = calendarAndFilter(board, query);
  const view = await boardItems(ctx, board, filter);
  const items = filter.on ? await filteredItemsOf(ctx, board, filter, view) : view.items;
  return { title: board.row.title, calendar, items };
}
