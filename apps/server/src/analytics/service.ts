import type {
  BoardStoryResponse,
  EstimatedOption,
  Insight,
  ItemFilterQuery,
  BoardColumnStatsResponse,
  IssuesResponse,
  LeadTimeResponse,
  TimeInStateResponse,
  LevelOfWorkInfo,
  ParentsQuery,
  ParentsResponse,
} from '@fluxion/contract';
import {
  commitmentModel,
  buildColumnStats,
  buildIssuesInColumnReport,
  buildLeadTimeReport,
  buildTimeInStateReport,
  withFilterNote,
  type BoardItem,
  buildParentsReport,
  dropItems,
  levelSentence,
  type WorkLevel,
} from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { type Json, jsonBody } from '../http/json-body.ts';
import { type Viewer, viewedBoard } from './access.ts';
import { badRequest } from '../http/errors.ts';
import { estimatesIfAny } from '../iterations/board-plan.ts';
import { type AnalysedBoard, analysisKey } from './board.ts';
import { historyInput } from './history-view.ts';
import type { BoardData } from '../move-log/load-moves.ts';
import {
  type FilterView,
  filteredBoard,
  filteredItems,
  itemsAtLevel,
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
export function boardData(ctx: ApiContext, board: AnalysedBoard): Promise<BoardData> {
  return ctx.analytics.boards.get(ctx.db, board.id, board.version);
}

/** The items (as the viewer sees them) and moves the request's filter keeps (docs/metrics.md, "Filters"). */
export async function filtered(
  ctx: ApiContext,
  board: AnalysedBoard,
  filter: RequestFilter,
  view: FilterView,
) {
  const data = await boardData(ctx, board);
  return filteredBoard(filter, {
    view,
    transitions: data.transitions,
    columns: board.columns,
    workLevel: board.workLevel,
  });
}

/**
 * The items alone under the filter and the board's level of work (`workLevel` 'all': every item, for
 * the export): the moves are loaded only for a date range.
 */
async function filteredItemsOf(
  ctx: ApiContext,
  board: AnalysedBoard,
  filter: RequestFilter,
  view: FilterView,
  workLevel: WorkLevel | null = board.workLevel,
) {
  const transitions = filter.dates ? (await boardData(ctx, board)).transitions : [];
  return filteredItems(filter, { view, transitions, columns: board.columns, workLevel });
}

/** The board a request names (404 if the viewer may not see it) and the request's filter in its time zone. */
function boardAndFilter(viewer: Viewer, projectId: string, query: Partial<ItemFilterQuery>) {
  const board = viewedBoard(viewer, projectId);
  return { board, filter: requestFilter(query, board.calendar.timeZone) };
}

/** What one analysis is given: the board facts' read model, the request's filter, the items as the viewer sees them. */
export type AnalysisInput<Q> = {
  ctx: ApiContext;
  viewer: Viewer;
  board: AnalysedBoard;
  query: Q;
  filter: RequestFilter;
  /** Null when the analysis said it reads no items (`readsItems`). */
  view: FilterView | null;
};

/**
 * One kind of analysis: its name in the cache key, what it refuses for this board (before anything is
 * computed), whether it reads the items as the viewer sees them (else only the moves), and its
 * computation. `object`: other answers read its figures (Home's card, the digest, alerts and the item
 * page read Flow's), so it is kept as the object too, its JSON made once asked.
 */
export type AnalysisKind<Q, R> = {
  name: string;
  check?: (input: AnalysisInput<Q>) => void | Promise<void>;
  readsItems: (board: AnalysedBoard, filter: RequestFilter) => boolean;
  compute: (input: AnalysisInput<Q>) => Promise<R>;
  object?: boolean;
};

type Project = { project: string };

/**
 * Every analysis the same way, so that one (board, window, filter, viewer) is computed once whoever
 * reads it: the access-checked board facts, the validated query, one cache key.
 */
async function prepare<Q extends Project & Partial<ItemFilterQuery>, R>(
  ctx: ApiContext,
  viewer: Viewer,
  kind: AnalysisKind<Q, R>,
  query: Q,
) {
  const { board, filter } = boardAndFilter(viewer, query.project, query);
  const view = kind.readsItems(board, filter) ? await viewForFilter(ctx, viewer.userId, board, filter) : null;
  const input: AnalysisInput<Q> = { ctx, viewer, board, query, filter, view };
  await kind.check?.(input);
  return { key: analysisKey(kind.name, board, view?.key ?? '', query), input };
}

/** An analysis as the API sends it: its JSON bytes, from the one cached computation. */
export async function serve<Q extends Project & Partial<ItemFilterQuery>, R>(
  ctx: ApiContext,
  viewer: Viewer,
  kind: AnalysisKind<Q, R>,
  query: Q,
): Promise<Json<R>> {
  const { key, input } = await prepare(ctx, viewer, kind, query);
  if (!kind.object)
    return ctx.analytics.results.compute(key, async () => jsonBody(await kind.compute(input)));
  const entry = await ctx.analytics.facts.compute(key, async () => ({ value: await kind.compute(input) }));
  entry.json ??= jsonBody(entry.value);
  return entry.json as Json<R>;
}

/** An analysis as another answer reads it (Home's card, the digest, alerts): the same cached computation. */
export async function read<Q extends Project & Partial<ItemFilterQuery>, R>(
  ctx: ApiContext,
  viewer: Viewer,
  kind: AnalysisKind<Q, R> & { object: true },
  query: Q,
): Promise<R> {
  const { key, input } = await prepare(ctx, viewer, kind, query);
  const entry = await ctx.analytics.facts.compute(key, async () => ({ value: await kind.compute(input) }));
  return entry.value as R;
}

/** The items the filter keeps, as the viewer sees them (the moves are loaded only for a date range). */
function keptItems({ ctx, board, filter, view }: AnalysisInput<unknown>) {
  if (!view) throw new Error('this analysis reads no items');
  return filteredItemsOf(ctx, board, filter, view);
}

export const noted = (insight: Insight, { filter, board }: AnalysisInput<unknown>) =>
  withFilterNote(insight, filter.filter, board.calendar.timeZone);

/** Without `cycle_time`, the board's own cycle-start column applies. */
const leadTimeStart = (board: AnalysedBoard, query: LeadTimeQuery) => query.cycle_time || board.cycleStart;

/** The history option every analysis takes (contract: historyQueryShape). */
type HistoryQuery = { estimated?: EstimatedOption | undefined };
type LeadTimeQuery = HistoryQuery & {
  project: string;
  days: number;
  cycle_time?: string | undefined;
} & Partial<ItemFilterQuery>;
type TimeInStateQuery = { project: string; days: number } & Partial<ItemFilterQuery> & HistoryQuery;
type IssuesQuery = { project: string; column: string } & Partial<ItemFilterQuery>;

const LEAD_TIME: AnalysisKind<LeadTimeQuery, LeadTimeResponse> = {
  name: 'lead',
  check: ({ board, query }) => {
    const cycleStart = leadTimeStart(board, query);
    if (cycleStart && !board.columns.includes(cycleStart)) {
      throw badRequest(`cycle_time: "${cycleStart}" is not a column of this project`, 'cycle_time');
    }
  },
  // Lead time reads the items only to filter them or to leave a level of work out: what the viewer sees
  // of them matters then.
  readsItems: (board, filter) => filter.on || !board.includeArchived || board.workLevel !== 'all',
  compute: async (input) => {
    const { ctx, board, query, filter, view } = input;
    const data = await boardData(ctx, board);
    const transitions = view ? (await filtered(ctx, board, filter, view)).transitions : data.transitions;
    const report = buildLeadTimeReport({
      columns: board.columns,
      cycleStartColumn: leadTimeStart(board, query),
      ...historyInput(data, query.estimated),
      transitions,
      days: query.days,
      now: ctx.now(),
      calendar: board.calendar,
    }) as LeadTimeResponse;
    report.metrics.performance_insight = noted(report.metrics.performance_insight, input);
    return report;
  },
};

const TIME_IN_STATE: AnalysisKind<TimeInStateQuery, TimeInStateResponse> = {
  name: 'tis',
  readsItems: () => true,
  compute: async (input) => {
    const { ctx, board, query, filter, view } = input;
    const { items, transitions } = await filtered(ctx, board, filter, view as FilterView);
    const report = buildTimeInStateReport({
      columns: board.columns,
      // The commitment point keeps queues before it out of the bottleneck.
      cycleStartColumn: board.cycleStart,
      ...historyInput(await boardData(ctx, board), query.estimated),
      // Users who share a board may classify its columns differently: the key holds the viewer's.
      classification: board.classification,
      transitions,
      items,
      days: query.days,
      now: ctx.now(),
      calendar: board.calendar,
    }) as TimeInStateResponse;
    report.metrics.performance_insight = noted(report.metrics.performance_insight, input);
    return report;
  },
};

const ISSUES_IN_COLUMN: AnalysisKind<IssuesQuery, IssuesResponse> = {
  name: 'issues',
  check: ({ board, query }) => {
    if (!board.columns.includes(query.column)) {
      throw badRequest(`column: "${query.column}" is not a column of this project`, 'column');
    }
  },
  readsItems: () => true,
  compute: async (input) => {
    const { ctx, board, query } = input;
    const report = buildIssuesInColumnReport({
      columns: board.columns,
      cycleStartColumn: board.cycleStart,
      classification: board.classification,
      column: query.column,
      // Without a filter the moves are not needed: they are not loaded.
      items: await keptItems(input),
      days: board.iterationDays,
      now: ctx.now(),
      calendar: board.calendar,
    }) as IssuesResponse;
    report.column_stats.performance_insight = noted(report.column_stats.performance_insight, input);
    return report;
  },
};

const COLUMN_STATS: AnalysisKind<Project & Partial<ItemFilterQuery>, BoardColumnStatsResponse> = {
  name: 'stats',
  readsItems: () => true,
  compute: async (input) => {
    const stats = buildColumnStats({
      columns: input.board.columns,
      items: await keptItems(input),
      now: input.ctx.now(),
      calendar: input.board.calendar,
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
  compute: async ({ ctx, board, filter, view }) => {
    const { transitions } = await filtered(ctx, board, filter, view as FilterView);
    return commitmentModel({
      columns: board.columns,
      cycleStartColumn: board.cycleStart,
      classification: board.classification,
      transitions,
      now: ctx.now(),
      days: board.iterationDays,
      calendar: board.calendar,
    });
  },
};

/** The board's level of work over the items the viewer sees on it, with its sentence. */
export function levelInfo(
  items: BoardItem[],
  setting: WorkLevel | null,
  left?: BoardItem[],
): LevelOfWorkInfo {
  const { level } = itemsAtLevel(items, setting, left);
  return {
    level: level.level,
    automatic: level.automatic,
    parents: level.parents,
    leaves: level.leaves,
    sentence: levelSentence(level),
  };
}

/** GET /api/level-of-work/: the line every analysis page shows (docs/metrics.md, "Level of work"). */
const LEVEL_OF_WORK: AnalysisKind<Project & Partial<ItemFilterQuery>, LevelOfWorkInfo> = {
  name: 'level',
  readsItems: () => true,
  compute: async ({ board, view }) =>
    levelInfo((view as FilterView).items, board.workLevel, (view as FilterView).leftAll),
};

/**
 * GET /api/parents/: every parent on the board (an item with a child on it) with its children, progress,
 * lead time and forecast (docs/metrics.md, "Parents"), from all the items the viewer sees whatever the
 * level of work: a parent's children are what it is made of. `item`: that parent alone (404 if it is none).
 */
const PARENTS: AnalysisKind<ParentsQuery & Partial<ItemFilterQuery>, ParentsResponse> & { object: true } = {
  name: 'parents',
  // The digest reads it as an object too (parents that slipped).
  object: true,
  readsItems: () => true,
  compute: async ({ ctx, board, query, view }) => {
    const items = (view as FilterView).items;
    const data = await boardData(ctx, board);
    const transitions = view?.archived ? dropItems(data.transitions, view.archived) : data.transitions;
    const estimates = await estimatesIfAny(ctx.db, board.id);
    const report = buildParentsReport({
      columns: board.columns,
      cycleStartColumn: board.cycleStart,
      classification: board.classification,
      ...historyInput(data, query.estimated),
      transitions,
      items,
      now: ctx.now(),
      calendar: board.calendar,
      ...(estimates ? { estimates } : {}),
    });
    const parents = query.item ? report.parents.filter((p) => p.id === query.item) : report.parents;
    return {
      ...report,
      parents,
      level_of_work: levelInfo(items, board.workLevel, (view as FilterView).leftAll),
    };
  },
};

export const levelOfWorkOf = (ctx: ApiContext, viewer: Viewer, query: Project) =>
  serve(ctx, viewer, LEVEL_OF_WORK, query);

export const parentsOf = (ctx: ApiContext, viewer: Viewer, query: ParentsQuery) =>
  serve(ctx, viewer, PARENTS, query);

/** The parents report as the digest reads it: the same cached computation as GET /api/parents/'s. */
export const parentsReportOf = (ctx: ApiContext, viewer: Viewer, query: ParentsQuery) =>
  read(ctx, viewer, PARENTS, query);

export const boardStoryOf = (
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string } & Partial<ItemFilterQuery>,
) => serve(ctx, viewer, STORY, query);

export const leadTime = (ctx: ApiContext, viewer: Viewer, query: LeadTimeQuery) =>
  serve(ctx, viewer, LEAD_TIME, query);

export const timeInState = (ctx: ApiContext, viewer: Viewer, query: TimeInStateQuery) =>
  serve(ctx, viewer, TIME_IN_STATE, query);

export const issuesInColumn = (ctx: ApiContext, viewer: Viewer, query: IssuesQuery) =>
  serve(ctx, viewer, ISSUES_IN_COLUMN, query);

export const columnStats = (
  ctx: ApiContext,
  viewer: Viewer,
  projectId: string,
  query: Partial<ItemFilterQuery> = {},
) => serve(ctx, viewer, COLUMN_STATS, { ...query, project: projectId });

/**
 * The items now on the board that the query's filter keeps, as the viewer sees them, with the board
 * facts and the instants from which GitHub kept each partial item's history: what the items export
 * writes (the same filter and visibility as the Issues page).
 */
export async function filteredBoardItems(
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string } & Partial<ItemFilterQuery>,
) {
  const { board, filter } = boardAndFilter(viewer, query.project, query);
  const view = await viewForFilter(ctx, viewer.userId, board, filter);
  const items = filter.on ? await filteredItemsOf(ctx, board, filter, view, 'all') : view.items;
  return { board, items, historyKnownFrom: (await boardData(ctx, board)).partial };
}
