import type {
  BoardCalendar,
  BoardStoryResponse,
  Insight,
  ItemFilterQuery,
  BoardColumnStatsResponse,
  IssuesResponse,
  LeadTimeResponse,
  TimeInStateResponse,
} from '@fluxion/contract';
import {
  boardStory,
  buildColumnStats,
  buildIssuesInColumnReport,
  buildLeadTimeReport,
  buildTimeInStateReport,
  withFilterNote,
} from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { type Json, jsonBody } from '../http/json-body.ts';
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
 * An analysis as the API sends it: JSON bytes, serialised once (and compressed once, http/json-body.ts).
 * A warm hit costs the access check (one statement) and a cache lookup, not the engine nor
 * `JSON.stringify` of a year of date-keyed points.
 */
export type { Json } from '../http/json-body.ts';

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
  return ctx.analytics.results.compute(key, async () => jsonBody(await compute()));
}

/** The board a request names (404 if the viewer may not see it) and the request's filter in its time zone. */
function boardAndFilter(viewer: Viewer, projectId: string, query: Partial<ItemFilterQuery>) {
  const board = viewedBoard(viewer, projectId);
  return { board, calendar: board.calendar, filter: requestFilter(query, board.calendar.time_zone) };
}

/** What one analysis is given: the board, the request's filter, and the items as the viewer sees them. */
type AnalysisInput<Q> = {
  ctx: ApiContext;
  board: AnalysedBoard;
  query: Q;
  filter: RequestFilter;
  /** Null when the analysis said it reads no items (`readsItems`). */
  view: FilterView | null;
  calendar: BoardCalendar;
};

/**
 * One kind of analysis: its name in the cache key, the query parameters it refuses for this board, whether
 * it reads the items as the viewer sees them (else only the moves), and its computation.
 */
type AnalysisKind<Q, R> = {
  name: string;
  check?: (board: AnalysedBoard, query: Q) => void;
  readsItems: (board: AnalysedBoard, filter: RequestFilter) => boolean;
  compute: (input: AnalysisInput<Q>) => Promise<R>;
};

/** Every analysis the same way: access-checked board, validated query, one cache key, computed once. */
async function serve<Q extends Partial<ItemFilterQuery>, R>(
  ctx: ApiContext,
  viewer: Viewer,
  kind: AnalysisKind<Q, R>,
  projectId: string,
  query: Q,
): Promise<Json<R>> {
  const { board, calendar, filter } = boardAndFilter(viewer, projectId, query);
  kind.check?.(board, query);
  const view = kind.readsItems(board, filter) ? await boardItems(ctx, viewer, board, filter) : null;
  return analysis(ctx, analysisKey(kind.name, board, view?.key ?? '', query), () =>
    kind.compute({ ctx, board, query, filter, view, calendar }),
  );
}

/** The items the filter keeps, as the viewer sees them (the moves are loaded only for a date range). */
function keptItems({ ctx, board, filter, view }: AnalysisInput<unknown>) {
  if (!view) throw new Error('this analysis reads no items');
  return filter.on ? filteredItemsOf(ctx, board, filter, view) : Promise.resolve(view.items);
}

const noted = (insight: Insight, { filter, calendar }: AnalysisInput<unknown>) =>
  withFilterNote(insight, filter.filter, calendar.time_zone);

/** Without `cycle_time`, the board's own cycle-start column applies. */
const leadTimeStart = (board: AnalysedBoard, query: LeadTimeQuery) => query.cycle_time || board.cycleStart;

type LeadTimeQuery = {
  project: string;
  days: number;
  cycle_time?: string | undefined;
} & Partial<ItemFilterQuery>;
type TimeInStateQuery = { project: string; days: number } & Partial<ItemFilterQuery>;
type IssuesQuery = { project: string; column: string } & Partial<ItemFilterQuery>;

const LEAD_TIME: AnalysisKind<LeadTimeQuery, LeadTimeResponse> = {
  name: 'lead',
  check: (board, query) => {
    const cycleStart = leadTimeStart(board, query);
    if (cycleStart && !board.columns.includes(cycleStart)) {
      throw badRequest(`cycle_time: "${cycleStart}" is not a column of this project`, 'cycle_time');
    }
  },
  // Lead time reads the items only to filter them: what the viewer sees of them matters then.
  readsItems: (board, filter) => filter.on || !board.includeArchived,
  compute: async (input) => {
    const { ctx, board, query, filter, view, calendar } = input;
    const data = await boardData(ctx, board);
    const transitions = view ? (await filtered(ctx, board, filter, view)).transitions : data.transitions;
    const report = buildLeadTimeReport({
      columns: board.columns,
      cycleStartColumn: leadTimeStart(board, query),
      partialHistory: data.partial,
      transitions,
      days: query.days,
      now: ctx.now(),
      calendar: engineCalendar(calendar),
    }) as LeadTimeResponse;
    report.metrics.performance_insight = noted(report.metrics.performance_insight, input);
    return report;
  },
};

const TIME_IN_STATE: AnalysisKind<TimeInStateQuery, TimeInStateResponse> = {
  name: 'tis',
  readsItems: () => true,
  compute: async (input) => {
    const { ctx, board, query, filter, view, calendar } = input;
    const { items, transitions } = await filtered(ctx, board, filter, view as FilterView);
    const report = buildTimeInStateReport({
      columns: board.columns,
      // The commitment point keeps queues before it out of the bottleneck.
      cycleStartColumn: board.cycleStart,
      partialHistory: (await boardData(ctx, board)).partial,
      // Users who share a board may classify its columns differently: the key holds the viewer's.
      classification: classificationOverride(board.classification),
      transitions,
      items,
      days: query.days,
      now: ctx.now(),
      calendar: engineCalendar(calendar),
    }) as TimeInStateResponse;
    report.metrics.performance_insight = noted(report.metrics.performance_insight, input);
    return report;
  },
};

const ISSUES_IN_COLUMN: AnalysisKind<IssuesQuery, IssuesResponse> = {
  name: 'issues',
  check: (board, query) => {
    if (!board.columns.includes(query.column)) {
      throw badRequest(`column: "${query.column}" is not a column of this project`, 'column');
    }
  },
  readsItems: () => true,
  compute: async (input) => {
    const { ctx, board, query, calendar } = input;
    const report = buildIssuesInColumnReport({
      columns: board.columns,
      cycleStartColumn: board.cycleStart,
      classification: classificationOverride(board.classification),
      column: query.column,
      // Without a filter the moves are not needed: they are not loaded.
      items: await keptItems(input),
      days: board.iterationDays,
      now: ctx.now(),
      calendar: engineCalendar(calendar),
    }) as IssuesResponse;
    report.column_stats.performance_insight = noted(report.column_stats.performance_insight, input);
    return report;
  },
};

const COLUMN_STATS: AnalysisKind<Partial<ItemFilterQuery>, BoardColumnStatsResponse> = {
  name: 'stats',
  readsItems: () => true,
  compute: async (input) => {
    const stats = buildColumnStats({
      columns: input.board.columns,
      items: await keptItems(input),
      now: input.ctx.now(),
      calendar: engineCalendar(input.calendar),
    });
    return { column_stats: stats } as BoardColumnStatsResponse;
  },
};

/**
 * GET /api/story/: the board's commitment point and bottleneck over its iteration (docs/metrics.md, "One
 * model of commitment"), by the engine function Time in State, Flow and Home share, under the page's item
 * filter: what the Issues page needs to pick its column, without a whole Flow report.
 */
const STORY: AnalysisKind<{ project: string } & Partial<ItemFilterQuery>, BoardStoryResponse> = {
  name: 'story',
  readsItems: () => true,
  compute: async ({ ctx, board, filter, view, calendar }) => {
    const { transitions } = await filtered(ctx, board, filter, view as FilterView);
    return boardStory({
      columns: board.columns,
      cycleStartColumn: board.cycleStart,
      classification: classificationOverride(board.classification),
      transitions,
      now: ctx.now(),
      days: board.iterationDays,
      calendar: engineCalendar(calendar),
    });
  },
};

export const boardStoryOf = (
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string } & Partial<ItemFilterQuery>,
) => serve(ctx, viewer, STORY, query.project, query);

export const leadTime = (ctx: ApiContext, viewer: Viewer, query: LeadTimeQuery) =>
  serve(ctx, viewer, LEAD_TIME, query.project, query);

export const timeInState = (ctx: ApiContext, viewer: Viewer, query: TimeInStateQuery) =>
  serve(ctx, viewer, TIME_IN_STATE, query.project, query);

export const issuesInColumn = (ctx: ApiContext, viewer: Viewer, query: IssuesQuery) =>
  serve(ctx, viewer, ISSUES_IN_COLUMN, query.project, query);

export const columnStats = (
  ctx: ApiContext,
  viewer: Viewer,
  projectId: string,
  query: Partial<ItemFilterQuery> = {},
) => serve(ctx, viewer, COLUMN_STATS, projectId, query);

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
