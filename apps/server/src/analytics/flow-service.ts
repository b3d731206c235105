import type { FlowQuery, FlowResponse } from '@fluxion/contract';
import { buildFlowReport } from '@fluxion/flow';
import type { AppContext } from '../context.ts';
import { resolveProject } from '../projects/service.ts';
import { classificationOverride } from '../projects/classification.ts';
import { toApiProject } from '../projects/to-api.ts';
import { ResultCache } from './cache.ts';
import { boardStore, type Json } from './service.ts';

/** Flow results, a minute like the other analyses (ages and "today" move with time). */
const flowCache = new ResultCache<Promise<string>>(200, 60_000);

/**
 * GET /api/flow/: the access check on every request (another user's board is a 404), then the board's
 * rows from the shared board store at its current data version, and the engine's Flow report as JSON.
 */
export async function flowReport(
  ctx: AppContext,
  userId: string,
  query: FlowQuery,
): Promise<Json<FlowResponse>> {
  const row = await resolveProject(ctx, userId, query.project);
  const project = toApiProject(row);
  const cycleStart = project.cycle_time_start_column ?? null;
  // Without a cycle-start column, the user's classification picks it (the first productive column).
  const lists = project.column_classification;
  const key = `flow:${row.id}:${row.data_version}:${query.days}:${query.horizon}:${query.items}:${cycleStart ?? ''}:${JSON.stringify(lists)}`;
  const now = ctx.now();
  const hit = flowCache.get(key, now);
  if (hit) return hit;
  const version = Number(row.data_version);
  const board = Promise.all([
    boardStore.get(ctx.db, row.id, version, now),
    boardStore.items(ctx.db, row.id, version, now),
  ]);
  const json = board.then(([data, items]) => {
    const report: FlowResponse = buildFlowReport({
      columns: project.column_list,
      cycleStartColumn: cycleStart,
      classification: classificationOverride(lists),
      transitions: data.transitions,
      items,
      now,
      days: query.days,
      horizon: query.horizon,
      targetItems: query.items,
    });
    return JSON.stringify(report);
  });
  flowCache.set(key, json, now);
  json.catch(() => flowCache.delete(key));
  return json;
}
