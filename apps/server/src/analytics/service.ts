import type {
  ItemFilterQuery,
  BoardColumnStatsResponse,
  IssuesResponse,
  LeadTimeResponse,
  TimeInStateResponse,
} from '@fluxion/contract';
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
import { engineCalendar } from '../projects/calendar.ts';
import { classificationOverride } from '../projects/classification.ts';
import { type AnalysedBoard, analysisKey } from './board.ts';
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

/** The board's moves at its current data version; concurrent cold requests share one load. */
function boardData(ctx: ApiContext, board: AnalysedBoard): Promise<BoardData> {
  return ctx.analytics.boards.get(ctx.db, board.id, board.version);
}

/**
 * The board's items now on it, at its current data version or later, as the viewer may see them (and,
 * under a content filter, those that left it): a result computed from them is cached under their `key`.
 */
function boardItems(ctx: ApiContext, viewer: Viewer, board: AnalysedBoard, filter: RequestFilter) {
  return viewForFilter(ctx, viewer.userId, board.row, filter);
}

/** The items (as the viewer sees them) and moves the request's filter keeps (docs/metrics.md, "Filters"). */
async function filtered(ctx: ApiContext, board: AnalysedBoard, filter: RequestFilter, view: FilterView) {
  const data = await boardData(ctx, board);
  return filteredBoard(filter, { view, transitions: data.transitions, columns: board.columns });
}

/** The items alone under the filter: the moves are loaded only for a date range. */
async function filteredItemsOf(
  ctx: ApiContext,
  board: AnalysedBoard,
  filter: RequestFilter,
  view: FilterView,
) {
  const transitions = filter.dates ? (await boardData(ctx, board)).transitions : [];
  return filteredItems(filter, { view, transitions, columns: board.columns });
}

/** A cached analysis, computed once even when many requests ask for it before it is ready. */
function analysis<T>(ctx: ApiContext, key: string, compute: () => Promise<T>): Promise<Json<T>> {
  return ctx.analytics.results.compute(key, async () => JSON.stringify(await compute()));
}

/** The board a request names (404 if the viewer may not see it) and the request's filter in its time zone. */
function boardAndFilter(viewer: Viewer, projectId: string, query: Partial<ItemFilterQuery>) {
  const board = viewedBoard(viewer, projectId);
  return { board, calendar: board.calendar, filter: requestFilter(query, board.calendar.time_zone) };
}

export async function leadTime(
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string; days: number; cycle_time?: string | undefined } & Partial<ItemFilterQuery>,
): Promise<Json<LeadTimeResponse>> {
  const { board, calendar, filter } = boardAndFilter(viewer, query.project, query);
  // Without the parameter, the project's own cycle-start column applies.
  const cycleStart = query.cycle_time || board.cycleStart;
  if (cycleStart && !board.columns.includes(cycleStart)) {
    throw badRequest(`cycle_time: "${cycleStart}" is not a column of this project`, 'cycle_time');
  }
  // Lead time reads the items only to filter them: what the viewer sees of them matters then.
  const view = filter.on || !board.includeArchived ? await boardItems(ctx, viewer, board, filter) : null;
  return analysis(ctx, analysisKey('lead', board, view?.key ?? '', query), async () => {
    const data = await boardData(ctx, board);
    const transitions = view ? (await filtered(ctx, board, filter, view)).transitions : data.transitions;
    const report = buildLeadTimeReport({
      columns: board.columns,
      cycleStartColumn: cycleStart,
      partialHistory: data.partial,
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
  const { board, calendar, filter } = boardAndFilter(viewer, query.project, query);
  // Users who share a board may classify its columns differently: the key holds the viewer's.
  const lists = board.classification;
  // The commitment point (the cycle-start column) keeps queues before it out of the bottleneck.
  const cycleStart = board.cycleStart;
  const view = await boardItems(ctx, viewer, board, filter);
  return analysis(ctx, analysisKey('tis', board, view.key, query), async () => {
    const { items, transitions } = await filtered(ctx, board, filter, view);
    const report = buildTimeInStateReport({
      columns: board.columns,
      cycleStartColumn: cycleStart,
      partialHistory: (await boardData(ctx, board)).partial,
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
  const { board, calendar, filter } = boardAndFilter(viewer, query.project, query);
  if (!board.columns.includes(query.column)) {
    throw badRequest(`column: "${query.column}" is not a column of this project`, 'column');
  }
  const days = board.iterationDays;
  const cycleStart = board.cycleStart;
  const lists = board.classification;
  const view = await boardItems(ctx, viewer, board, filter);
  return analysis(ctx, analysisKey('issues', board, view.key, query), async () => {
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
  const { board, calendar, filter } = boardAndFilter(viewer, projectId, query);
  const view = await boardItems(ctx, viewer, board, filter);
  return analysis(ctx, analysisKey('stats', board, view.key, query), async () => {
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
  const { board, calendar, filter } = boardAndFilter(viewer, query.project, query);
  const view = await boardItems(ctx, viewer, board, filter);
  const items = filter.on ? await filteredItemsOf(ctx, board, filter, view) : view.items;
  return { title: board.row.title, calendar, items };
}
