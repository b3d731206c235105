import type { FlowQuery, FlowResponse } from '@fluxion/contract';
import { buildFlowReport } from '@fluxion/flow';
import type { AppContext } from '../context.ts';
import type { TrackedRow } from '../projects/queries.ts';
import { resolveProject } from '../projects/service.ts';
import { classificationOverride } from '../projects/classification.ts';
import { toApiProject } from '../projects/to-api.ts';
import { ResultCache } from './cache.ts';
import { boardStore, type Json } from './service.ts';

/** A Flow report, and its JSON text once some request has asked for it (the overview needs none). */
type CachedFlow = { report: Promise<FlowResponse>; json?: Promise<string> };

/** Flow results, a minute like the other analyses (ages and "today" move with time). */
const flowCache = new ResultCache<CachedFlow>(200, 60_000);

export type FlowParams = Omit<FlowQuery, 'project'>;

/**
 * GET /api/flow/: the access check on every request (another user's board is a 404), then the board's
 * Flow report as JSON.
 */
export async function flowReport(
  ctx: AppContext,
  userId: string,
  query: FlowQuery,
): Promise<Json<FlowResponse>> {
  const row = await resolveProject(ctx, userId, query.project);
  const entry = cachedFlow(ctx, row, query);
  entry.json ??= entry.report.then((report) => JSON.stringify(report));
  return entry.json;
}

/**
 * The Flow report of a board the caller has already been checked to see (its row as listed for that
 * user): the rows from the shared board store at the board's current data version, through the same
 * cache as GET /api/flow/, so the overview and the Flow page share one computation.
 */
export function flowReportOfRow(ctx: AppContext, row: TrackedRow, params: FlowParams): Promise<FlowResponse> {
  return cachedFlow(ctx, row, params).report;
}

function cachedFlow(ctx: AppContext, row: TrackedRow, params: FlowParams): CachedFlow {
  const project = toApiProject(row);
  const cycleStart = project.cycle_time_start_column ?? null;
  // Without a cycle-start column, the user's classification picks it (the first productive column).
  const lists = project.column_classification;
  const key = `flow:${row.id}:${row.data_version}:${params.days}:${params.horizon}:${params.items}:${cycleStart ?? ''}:${JSON.stringify(lists)}`;
  const now = ctx.now();
  const hit = flowCache.get(key, now);
  if (hit) return hit;
  const version = Number(row.data_version);
  const board = Promise.all([
    boardStore.get(ctx.db, row.id, version, now),
    boardStore.items(ctx.db, row.id, version, now),
  ]);
  const report = board.then(([data, items]) =>
    buildFlowReport({
      columns: project.column_list,
      cycleStartColumn: cycleStart,
      classification: classificationOverride(lists),
      transitions: data.transitions,
      items,
      now,
      days: params.days,
      horizon: params.horizon,
      targetItems: params.items,
    }),
  );
  const entry: CachedFlow = { report };
  flowCache.set(key, entry, now);
  report.catch(() => {
    if (flowCache.peek(key) === entry) flowCache.delete(key);
  });
  return entry;
}
