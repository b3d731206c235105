import type { IterationReportQuery, IterationReportResponse } from '@fluxion/contract';
import {
  buildCalendar,
  buildIterationReport,
  completionTimes,
  dropItems,
  iterationSpans,
  type PlanHistory,
} from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { loadBoardPlan } from '../plan/board-plan.ts';
import { readPlanFields } from '../plan/queries.ts';
import { engineCalendar } from '../projects/calendar.ts';
import { type Viewer, viewedBoard } from './access.ts';
import { analysisKey } from './board.ts';
import { archivedIds } from './item-filter.ts';
import { type Json, jsonBody } from '../http/json-body.ts';

/**
 * GET /api/iterations/: the iteration report of a board the viewer may see (docs/metrics.md, "Iteration
 * report"): the board's moves give each item's completion, its plan history the iterations' scope. A
 * board that leaves archived items out (§13) leaves them out of both: no scope, no completion.
 */
export async function iterationReport(
  ctx: ApiContext,
  viewer: Viewer,
  query: IterationReportQuery,
): Promise<Json<IterationReportResponse>> {
  const board = viewedBoard(viewer, query.project);
  const fields = await readPlanFields(ctx.db, board.id);
  if (query.unit === 'estimate' && fields.estimateField === null) {
    throw badRequest('unit=estimate needs an estimate field: choose one in Edit project', 'unit');
  }
  return ctx.analytics.results.compute(analysisKey('iterations', board, '', query), async () => {
    const [data, plan, archived] = await Promise.all([
      ctx.analytics.boards.get(ctx.db, board.id, board.version),
      loadBoardPlan(ctx.db, board.id),
      board.includeArchived ? null : archivedIds(ctx.db, board.id),
    ]);
    const transitions = archived ? dropItems(data.transitions, archived) : data.transitions;
    const calendar = buildCalendar(engineCalendar(board.calendar));
    const report = buildIterationReport({
      iterations: plan.iterations,
      plans: archived ? withoutItems(plan.history, archived) : plan.history,
      completedAt: completionTimes({ columns: board.columns }, transitions),
      unit: query.unit,
      now: ctx.now(),
      knownSince: plan.knownSince,
      calendar,
    });
    const answer: IterationReportResponse = {
      ...report,
      iteration_field: plan.iterationField?.name ?? null,
      estimate_field: plan.estimateField?.name ?? null,
      iterations: iterationSpans(plan.iterations).map(({ iteration, first, last }) => ({
        id: iteration.id,
        title: iteration.title,
        start: isoDate(first),
        end: isoDate(last),
      })),
    };
    return jsonBody(answer);
  }) as Promise<Json<IterationReportResponse>>;
}

function withoutItems(history: PlanHistory, ids: ReadonlySet<string>): PlanHistory {
  return new Map([...history].filter(([itemId]) => !ids.has(itemId)));
}

const isoDate = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
