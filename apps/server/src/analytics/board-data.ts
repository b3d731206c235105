import type { ItemFilterQuery } from '@fluxion/contract';
import {
  type BoardItem,
  type BoardItems,
  everyItem,
  keepTimelines,
  keptItemCount,
  type Transitions,
  type WorkLevel,
} from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { type Viewer, viewedBoard } from './access.ts';
import type { AnalysedBoard } from './board.ts';
import type { BoardData } from '../move-log/load-moves.ts';
import type { AnalysisInput } from './analysis-kind.ts';
import {
  type FilterView,
  filteredBoard,
  filteredItems,
  levelsTellItemsApart,
  type RequestFilter,
  requestFilter,
  viewForFilter,
} from './item-filter.ts';

/**
 * The board's moves at its current data version; concurrent cold requests share one load. The engine
 * keeps their timeline (built once, shared by every analysis of the version, extended for the next).
 */
export async function boardData(ctx: ApiContext, board: AnalysedBoard): Promise<BoardData> {
  const data = await ctx.analytics.boards.get(ctx.db, board.id, board.version);
  keepTimelines(data.transitions);
  return data;
}

/**
 * Whether an analysis that reads the items only to filter them, or to leave archived items or a level of
 * work out, needs them (as the viewer sees them) for this request. On a board whose items name no parent,
 * the automatic level and the leaf items leave nothing out, for every viewer.
 */
export function itemsLeaveOut(
  board: AnalysedBoard,
  filter: RequestFilter,
  ctx: ApiContext,
): boolean | Promise<boolean> {
  if (filter.on || !board.includeArchived) return true;
  if (board.workLevel === 'all') return false;
  return levelsTellItemsApart(ctx, board);
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
 * `answer` with `kept_items` under a filter (contract `keptItemsSchema`): how many items it keeps, so a page
 * can say that none matches rather than that too few have history. Unchanged without a filter.
 */
export function withKeptItems<T extends { kept_items?: number }>(
  answer: T,
  filter: RequestFilter,
  kept: { items: BoardItems; transitions: Transitions },
): T {
  // A filter's items are objects (`filteredBoard`).
  if (filter.on) answer.kept_items = keptItemCount({ ...kept, items: everyItem(kept.items) as BoardItem[] });
  return answer;
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
export function boardAndFilter(viewer: Viewer, projectId: string, query: Partial<ItemFilterQuery>) {
  const board = viewedBoard(viewer, projectId);
  return { board, filter: requestFilter(query, board.calendar.timeZone) };
}

/** The items the filter keeps, as the viewer sees them (the moves are loaded only for a date range). */
export function keptItems({ ctx, board, filter, view }: AnalysisInput<unknown>) {
  if (!view) throw new Error('this analysis reads no items');
  return filteredItemsOf(ctx, board, filter, view);
}

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
  const items = everyItem(filter.on ? await filteredItemsOf(ctx, board, filter, view, 'all') : view.items);
  return { board, items, historyKnownFrom: (await boardData(ctx, board)).partial, hidden: view.hidden };
}
