import { DEFAULT_CALENDAR, type FlowQuery, type FlowResponse, type ItemFilterQuery } from '@fluxion/contract';
import { buildFlowReport, withFilterNote } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { type Viewer, viewedBoard } from './access.ts';
import type { TrackedRow } from '../projects/queries.ts';
import { calendarKey, engineCalendar } from '../projects/calendar.ts';
import { classificationOverride } from '../projects/classification.ts';
import { toApiProject } from '../projects/to-api.ts';
import { filteredBoard, requestFilter, viewForFilter } from './item-filter.ts';
import type { Json } from './service.ts';
import type { CachedFlow } from './state.ts';

/** The item filter may be left out (the overview and shared links ask for the whole board). */
export type FlowRequest = Omit<FlowQuery, keyof ItemFilterQuery> & Partial<ItemFilterQuery>;
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
  const row = viewedBoard(viewer, query.project);
  const entry = await cachedFlow(ctx, viewer.userId, row, query);
  entry.json ??= JSON.stringify(entry.report);
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
  return (await cachedFlow(ctx, userId, row, params)).report;
}

/** Cached per board version, settings and what the viewer may see of the items (visibility/viewer-items.ts). */
async function cachedFlow(
  ctx: ApiContext,
  userId: string,
  row: TrackedRow,
  params: FlowParams,
): Promise<CachedFlow> {
  const project = toApiProject(row);
  const cycleStart = project.cycle_time_start_column ?? null;
  // Without a cycle-start column, the user's classification picks it (the first productive column).
  const lists = project.column_classification;
  const version = Number(row.data_version);
  const calendar = project.calendar ?? DEFAULT_CALENDAR;
  // The bottleneck's window: the iteration Time in State is read over, so both name the same column.
  const storyDays = project.iteration_length_days;
  const filter = requestFilter(params, calendar.time_zone);
  const view = await viewForFilter(ctx, userId, row, filter);
  const key = `flow:${row.id}:${row.data_version}:${view.key}:${params.days}:${params.horizon}:${params.items}:${cycleStart ?? ''}:${JSON.stringify(lists)}:${filter.key}:${calendarKey(calendar)}:${storyDays}`;
  return ctx.analytics.flows.compute(key, async () => {
    const data = await ctx.analytics.boards.get(ctx.db, row.id, version);
    const board = { view, transitions: data.transitions, columns: project.column_list };
    const { items, transitions } = filteredBoard(filter, board);
    const report = buildFlowReport({
      columns: project.column_list,
      cycleStartColumn: cycleStart,
      classification: classificationOverride(lists),
      transitions,
      items,
      now: ctx.now(),
      days: params.days,
      horizon: params.horizon,
      targetItems: params.items,
      calendar: engineCalendar(calendar),
      storyDays,
    });
    report.performance_insight = withFilterNote(
      report.performance_insight,
      filter.filter,
      calendar.time_zone,
    );
    return { report };
  });
}
