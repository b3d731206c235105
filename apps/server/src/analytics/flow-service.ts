import { type FlowQuery, type FlowResponse, flowQuerySchema } from '@fluxion/contract';
import { buildFlowReport } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import type { Viewer } from './access.ts';
import type { AnalysedBoard } from './board.ts';
import type { Json } from '../http/json-body.ts';
import { historyInput } from './history-view.ts';
import { boardEstimates } from '../iterations/board-iterations.ts';
import { viewedBlockedHistory } from './label-history.ts';
import { flowBreakdown } from './breakdown.ts';
import type { FilterView } from './item-filter.ts';
import { type AnalysisKind, exercise, noted, read, serve } from './analysis-kind.ts';
import { boardData, filtered, withKeptItems } from './board-data.ts';
import { levelInfo } from './level-of-work.ts';

/**
 * A Flow query as GET /api/flow/ validates it: every reader (Home's card, the digest, alerts, the item
 * page, share pages) asks through the same schema, so equal questions have equal cache keys and the
 * figures are computed once.
 */
export function flowQuery(project: string, params: Partial<Omit<FlowQuery, 'project'>> = {}): FlowQuery {
  return flowQuerySchema.parse({ ...params, project });
}

const FLOW: AnalysisKind<FlowQuery, FlowResponse> & { object: true } = {
  name: 'flow',
  object: true,
  readsItems: () => true,
  compute: async (input) => {
    const { ctx, board, query, filter, view } = input;
    const { hidden } = view as FilterView;
    // The board's side reads go out together with its moves (on PostgreSQL each a round trip of its own).
    const [data, kept, estimates, blockedHistory, breakdown] = await Promise.all([
      boardData(ctx, board),
      filtered(ctx, board, filter, view as FilterView),
      query.unit === 'estimate' ? boardEstimates(ctx.db, board.id) : undefined,
      viewedBlockedHistory(ctx.db, board, hidden),
      flowBreakdown(ctx.db, board, query.breakdown, hidden),
    ]);
    const { items, transitions } = kept;
    const { labelChanges, fieldChanges, dependencyChanges } = blockedHistory;
    const report = buildFlowReport({
      unit: query.unit,
      ...(estimates ? { estimates } : {}),
      columns: board.columns,
      // Without a cycle-start column, the viewer's classification picks it (the first productive column).
      cycleStartColumn: board.cycleStart,
      ...historyInput(data, query.estimated),
      classification: board.classification,
      transitions,
      items,
      now: ctx.now(),
      days: query.days,
      horizon: query.horizon,
      targetItems: query.items,
      calendar: board.calendar,
      // The bottleneck's window: the iteration Time in State is read over, so both name the same column.
      storyDays: board.iterationDays,
      policies: board.policies,
      labelChanges,
      fieldChanges,
      dependencyChanges,
      breakdownField: breakdown.field,
      ...(breakdown.note ? { breakdownNote: breakdown.note } : {}),
    });
    report.performance_insight = noted(report.performance_insight, input);
    report.level_of_work = levelInfo(
      (view as FilterView).items,
      board.workLevel,
      (view as FilterView).leftAll,
    );
    return withKeptItems(report, filter, kept);
  },
};

/** GET /api/flow/: the Flow report of the board the access check found, as JSON. */
export const flowReport = (ctx: ApiContext, viewer: Viewer, query: FlowQuery): Promise<Json<FlowResponse>> =>
  serve(ctx, viewer, FLOW, query);

/**
 * The Flow report as Home's card, the digest, alerts and the item page read it: the same cached
 * computation as the Flow page's for the same (board, window, filter, viewer).
 */
export const flowOf = (ctx: ApiContext, viewer: Viewer, query: FlowQuery): Promise<FlowResponse> =>
  read(ctx, viewer, FLOW, query);

/** The Flow report of a board held apart, over a view made for it (the start's code warm-up). */
export const exerciseFlow = (ctx: ApiContext, board: AnalysedBoard, view: FilterView) =>
  exercise(ctx, board, FLOW, flowQuerySchema, view);
