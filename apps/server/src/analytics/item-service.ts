import {
  flowQuerySchema,
  type ItemHistoryQuery,
  type ItemHistoryResponse,
  type MoveSource,
} from '@fluxion/contract';
import {
  blockedSpans,
  buildItemHistory,
  DEFAULT_BLOCKED_LABEL,
  fieldBlockedSpans,
  unionSpans,
} from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { loadItemMoves } from '../move-log/item-moves.ts';
import { MOVE_SOURCES } from '../move-log/moves.ts';
import { engineCalendar } from '../projects/calendar.ts';
import { type Viewer, viewedBoard } from './access.ts';
import { analysisKey } from './board.ts';
import { flowReportOfRow } from './flow-service.ts';
import { requestFilter, viewForFilter } from './item-filter.ts';
import { viewedBlockedHistory } from './label-history.ts';
import { type Json, jsonBody } from '../http/json-body.ts';

/** The Flow page's defaults: the item page reads the SLE from the same cached report. */
const { project: _project, ...FLOW_DEFAULTS } = flowQuerySchema.parse({ project: '-' });

/**
 * GET /api/item/: one item as the viewer may see it (docs/metrics.md, "The item page"). An item that is
 * not on the board, or whose content the viewer may not see (a private repository's), is a 404: the
 * page has nothing to show of it but its moves, and those say what it is.
 */
export async function itemHistory(
  ctx: ApiContext,
  viewer: Viewer,
  query: ItemHistoryQuery,
): Promise<Json<ItemHistoryResponse>> {
  const board = viewedBoard(viewer, query.project);
  const view = await viewForFilter(
    ctx,
    viewer.userId,
    board.row,
    requestFilter({}, board.calendar.time_zone),
  );
  const item = view.items.find((i) => i.id === query.item);
  if (!item || view.hidden.has(item.id)) throw notFound(`Item ${query.item} not found on this project`);
  const key = analysisKey('item', board, view.key, query);
  return ctx.analytics.results.compute(key, async () => {
    const [moves, data, report, history] = await Promise.all([
      loadItemMoves(ctx.db, board.id, item.id),
      ctx.analytics.boards.get(ctx.db, board.id, board.version),
      flowReportOfRow(ctx, viewer.userId, board.row, FLOW_DEFAULTS),
      viewedBlockedHistory(ctx.db, board, view.hidden),
    ]);
    const now = ctx.now();
    const own = <T extends { itemId: string }>(changes: T[]) => changes.filter((c) => c.itemId === item.id);
    const label = board.policies.blocked_label?.trim() || DEFAULT_BLOCKED_LABEL;
    const field = board.policies.blocked_field;
    const byLabel = blockedSpans(own(history.labelChanges), label, now);
    const spans = field
      ? unionSpans(byLabel, fieldBlockedSpans(own(history.fieldChanges), field, now))
      : byLabel;
    const sle = report.sle ?? null;
    const built = buildItemHistory({
      columns: board.columns,
      cycleStartColumn: report.cycle_start_column,
      partialHistory: data.partial,
      itemId: item.id,
      column: item.column,
      enteredColumnAt: item.enteredColumnAt,
      moves: moves.map((m) => ({ ...m, source: MOVE_SOURCES[m.source] ?? 'poll' })),
      blocked: spans.get(item.id) ?? [],
      sle: sle && { percent: sle.percent, days: sle.days, columnLimits: sle.column_limits },
      now,
      calendar: engineCalendar(board.calendar),
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
      started_at: built.started_at,
      completed_at: built.completed_at,
      lead_time_days: built.lead_time_days,
      cycle_time_days: built.cycle_time_days,
      age_days: built.age_days,
      age_is_minimum: built.age_is_minimum,
      history_known_from: built.history_known_from,
      sle: built.sle && sle && { ...built.sle, source: sle.source },
      unit: built.unit,
      time_zone: board.calendar.time_zone,
    };
    return jsonBody(answer);
  });
}
