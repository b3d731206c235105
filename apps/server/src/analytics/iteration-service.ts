import type { IterationReportQuery, IterationReportResponse } from '@fluxion/contract';
import {
  buildCalendar,
  buildIterationReport,
  completionTimes,
  dropItems,
  iterationSpans,
  type IterationHistory,
} from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { loadBoardIterations } from '../iterations/board-iterations.ts';
import { readIterationFields } from '../iterations/queries.ts';
import type { Viewer } from './access.ts';
import { archivedIds } from './item-filter.ts';
import type { Json } from '../http/json-body.ts';
import { type AnalysisKind, serve } from './analysis-kind.ts';
import { boardData } from './board-data.ts';
import { historyInput } from './history-view.ts';

/**
 * GET /api/iterations/: the iteration report of a board the viewer may see (docs/metrics.md, "Iteration
 * report"): the board's moves give each item's completion, its iteration history the iterations' scope. A
 * board that leaves archived items out (§13) leaves them out of both: no scope, no completion.
 */
const ITERATIONS: AnalysisKind<IterationReportQuery, IterationReportResponse> = {
  name: 'iterations',
  check: async ({ ctx, board, query }) => {
    const fields = await readIterationFields(ctx.db, board.id);
    if (query.unit === 'estimate' && fields.estimateField === null) {
      throw badRequest('unit=estimate needs an estimate field: choose one in Edit project', 'unit');
    }
  },
  readsItems: () => false,
  compute: async ({ ctx, board, query }) => {
    const [data, boardIterations, archived] = await Promise.all([
      boardData(ctx, board),
      loadBoardIterations(ctx.db, board.id),
      board.includeArchived ? null : archivedIds(ctx.db, board.id),
    ]);
    const transitions = archived ? dropItems(data.transitions, archived) : data.transitions;
    const report = buildIterationReport({
      iterations: boardIterations.iterations,
      history: archived ? withoutItems(boardIterations.history, archived) : boardIterations.history,
      // Completions as every other page reads them (the history input of a partial board), from the one
      // timeline they keep.
      completedAt: completionTimes({ columns: board.columns, ...historyInput(data, undefined) }, transitions),
      unit: query.unit,
      now: ctx.now(),
      knownSince: boardIterations.knownSince,
      calendar: buildCalendar(board.calendar),
    });
    return {
      ...report,
      iteration_field: boardIterations.iterationField?.name ?? null,
      estimate_field: boardIterations.estimateField?.name ?? null,
      iterations: iterationSpans(boardIterations.iterations).map(({ iteration, first, last }) => ({
        id: iteration.id,
        title: iteration.title,
        start: isoDate(first),
        end: isoDate(last),
      })),
    };
  },
};

export const iterationReport = (
  ctx: ApiContext,
  viewer: Viewer,
  query: IterationReportQuery,
): Promise<Json<IterationReportResponse>> => serve(ctx, viewer, ITERATIONS, query);

function withoutItems(history: IterationHistory, ids: ReadonlySet<string>): IterationHistory {
  return new Map([...history].filter(([itemId]) => !ids.has(itemId)));
}

const isoDate = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
