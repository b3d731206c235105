import type { FlowQuery, FlowResponse, ItemFilterQuery } from '@fluxion/contract';
import { buildFlowReport, withFilterNote } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { type Viewer, viewedBoard } from './access.ts';
import type { TrackedRow } from '../projects/queries.ts';
import { engineCalendar } from '../projects/calendar.ts';
import { classificationOverride } from '../projects/classification.ts';
import { type AnalysedBoard, analysedBoard, analysisKey } from './board.ts';
import { filteredBoard, requestFilter, viewForFilter } from './item-filter.ts';
import { boardEstimates } from '../plan/board-plan.ts';
import { type Json, jsonBody } from '../http/json-body.ts';
import type { CachedFlow } from './state.ts';
import { enginePolicies } from '../projects/flow-policies.ts';
import { viewedBlockedHistory } from './label-history.ts';

/** The item filter may be left out (the overview and shared links ask for the whole board). */
export type FlowRequest = Omit<FlowQuery, keyof ItemFilterQuery | 'unit'> &
  Partial<ItemFilterQuery> & { unit?: FlowQuery['unit'] };
export type FlowParams = Omit<FlowRequest, 'project'>;

/**
 * GET /api/flow/: the board the access check found (analytics/access.ts; another user's is a 404), then its
 * Flow report as JSON.
 */
export async function flowReport(
  ctx: ApiContext,
  viewer: Viewer,
  query: FlowRequest,
): Promise<Json<FlowResponse>> {
  const board = viewedBoard(viewer, query.project);
  const entry = await cachedFlow(ctx, viewer.userId, board, query);
  entry.json ??= jsonBody(entry.report);
  return entry.json;
}

/**
 * The Flow report of a board the caller has already been checked to see (its row as listed for that
 * user): the rows from the shared board store at the board's current data version, through the same
 * cache as GET /api/flow/, so the overview and the Flow page share one computation.
 */
export async function flowReportOfRow(
  ctx: ApiContext,
  userId: string,
  row: TrackedRow,
  params: FlowParams,
): Promise<FlowResponse> {
  return (await cachedFlow(ctx, userId, analysedBoard(row, ctx.now()), params)).report;
}

/** Cached per board version, settings and what the viewer may see of the items (visibility/viewer-items.ts). */
async function cachedFlow(
  ctx: ApiContext,
  userId: string,
  board: AnalysedBoard,
  params: FlowParams,
): Promise<CachedFlow> {
  const { calendar, columns } = board;
  const filter = requestFilter(params, calendar.time_zone);
  const view = await viewForFilter(ctx, userId, board.row, filter);
  // Without the route's `project`, the overview's parameters and the Flow page's share one entry.
  const { project: _project, ...query } = params as FlowRequest;
  return ctx.analytics.flows.compute(analysisKey('flow', board, view.key, query), async () => {
    const data = await ctx.analytics.boards.get(ctx.db, board.id, board.version);
    const { items, transitions } = filteredBoard(filter, { view, transitions: data.transitions, columns });
    const unit = params.unit ?? 'items';
    const estimates = unit === 'estimate' ? await boardEstimates(ctx.db, board.id) : undefined;
    const { labelChanges, fieldChanges } = await viewedBlockedHistory(ctx.db, board, view.hidden);
    const report = buildFlowReport({
      unit,
      ...(estimates ? { estimates } : {}),
      columns,
      // Without a cycle-start column, the viewer's classification picks it (the first productive column).
      cycleStartColumn: board.cycleStart,
      partialHistory: data.partial,
      classification: classificationOverride(board.classification),
      transitions,
      items,
      now: ctx.now(),
      days: params.days,
      horizon: params.horizon,
      targetItems: params.items,
      calendar: engineCalendar(calendar),
      // The bottleneck's window: the iteration Time in State is read over, so both name the same column.
      storyDays: board.iterationDays,
      policies: enginePolicies(board.policies),
      labelChanges,
      fieldChanges,
    });
    report.performance_insight = withFilterNote(
      report.performance_insight,
      filter.filter,
      calendar.time_zone,
    );
    return { report };
  });
}
