import type { ItemHistoryQuery, ItemHistoryResponse, MoveSource } from '@fluxion/contract';
import { buildItemHistory, DEFAULT_BLOCKED_LABEL, everyItem, markedBlockedSpans } from '@fluxion/flow';
import { blockingNow } from '../move-log/dependency-changes.ts';
import type { ApiContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { loadItemMoves } from '../move-log/item-moves.ts';
import { MOVE_SOURCES } from '../move-log/moves.ts';
import type { Viewer } from './access.ts';
import { flowOf, flowQuery } from './flow-service.ts';
import type { FilterView } from './item-filter.ts';
import { historyInput } from './history-view.ts';
import { viewedBlockedHistory } from './label-history.ts';
import type { Json } from '../http/json-body.ts';
import { type AnalysisInput, type AnalysisKind, serve } from './analysis-kind.ts';
import { boardData } from './board-data.ts';

/** The item the query names, as the viewer may see it (404 when not on the board or not theirs to see). */
function viewedItem({ view, query }: AnalysisInput<ItemHistoryQuery>) {
  // A hidden item is not looked for (on a board the viewer may read none of, none is made).
  const item = view?.hidden.has(query.item)
    ? undefined
    : view && everyItem(view.items).find((i) => i.id === query.item);
  if (!item) throw notFound(`Item ${query.item} not found on this project`);
  return item;
}

/**
 * GET /api/item/: one item as the viewer may see it (docs/metrics.md, "The item page"). An item that is
 * not on the board, or whose content the viewer may not see (a private repository's), is a 404: the
 * page has nothing to show of it but its moves, and those say what it is. Its SLE is the Flow page's
 * (the same cached report).
 */
const ITEM: AnalysisKind<ItemHistoryQuery, ItemHistoryResponse> = {
  name: 'item',
  readsItems: () => true,
  check: (input) => void viewedItem(input),
  compute: async (input) => {
    const { ctx, viewer, board } = input;
    const item = viewedItem(input);
    const [moves, data, report, history] = await Promise.all([
      loadItemMoves(ctx.db, board.id, item.id),
      boardData(ctx, board),
      flowOf(ctx, viewer, flowQuery(board.projectId)),
      viewedBlockedHistory(ctx.db, board, (input.view as FilterView).hidden),
    ]);
    const now = ctx.now();
    const own = <T extends { itemId: string }>(changes: T[]) => changes.filter((c) => c.itemId === item.id);
    const label = board.policies.blockedLabel?.trim() || DEFAULT_BLOCKED_LABEL;
    const field = board.policies.blockedField ?? null;
    const dependencyChanges = own(history.dependencyChanges);
    const spans = markedBlockedSpans({
      labelChanges: own(history.labelChanges),
      label,
      fieldChanges: own(history.fieldChanges),
      field,
      dependencyChanges,
      now,
    });
    const sle = report.sle ?? null;
    const built = buildItemHistory({
      columns: board.columns,
      cycleStartColumn: report.cycle_start_column,
      ...historyInput(data, undefined),
      itemId: item.id,
      column: item.column,
      enteredColumnAt: item.enteredColumnAt,
      moves: moves.map((m) => ({ ...m, source: MOVE_SOURCES[m.source] ?? 'poll' })),
      blocked: spans.get(item.id) ?? [],
      sle: sle && { percent: sle.percent, days: sle.days, columnLimits: sle.column_limits },
      now,
      calendar: board.calendar,
    });
    const answer: ItemHistoryResponse = {
      item: {
        id: item.id,
        number: item.number,
        title: item.title,
        url: item.url,
        column: item.column,
        labels: [...item.labels],
      },
      columns: board.columns,
      cycle_start_column: report.cycle_start_column,
      moves: built.moves.map((m) => ({ ...m, source: m.source as MoveSource })),
      time_in_column: built.columns,
      blocked: built.blocked,
      blocked_days: built.blocked_days,
      blocked_by: blockingNow(dependencyChanges, item.id).map(({ blocker, since }) => ({
        number: blocker.number,
        repository: blocker.repository,
        title: blocker.title,
        url: blocker.url,
        since: new Date(since).toISOString(),
      })),
      started_at: built.started_at,
      completed_at: built.completed_at,
      lead_time_days: built.lead_time_days,
      cycle_time_days: built.cycle_time_days,
      age_days: built.age_days,
      age_is_minimum: built.age_is_minimum,
      history_known_from: built.history_known_from,
      sle: built.sle && sle && { ...built.sle, source: sle.source },
      unit: built.unit,
      time_zone: board.calendar.timeZone,
    };
    return answer;
  },
};

export const itemHistory = (
  ctx: ApiContext,
  viewer: Viewer,
  query: ItemHistoryQuery,
): Promise<Json<ItemHistoryResponse>> => serve(ctx, viewer, ITEM, query);
