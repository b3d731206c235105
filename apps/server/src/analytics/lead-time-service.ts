import { type ItemFilterQuery, type LeadTimeResponse, leadTimeQuerySchema } from '@fluxion/contract';
import { buildLeadTimeReport } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import type { Viewer } from './access.ts';
import { badRequest } from '../http/errors.ts';
import type { AnalysedBoard } from './board.ts';
import { historyInput } from './history-view.ts';
import { boardData, filtered, itemsLeaveOut, withKeptItems } from './board-data.ts';
import { type AnalysisKind, exercise, type HistoryQuery, noted, serve, warmUp } from './analysis-kind.ts';
import type { FilterView } from './item-filter.ts';

/** Without `cycle_time`, the board's own cycle-start column applies. */
const leadTimeStart = (board: AnalysedBoard, query: LeadTimeQuery) => query.cycle_time || board.cycleStart;

type LeadTimeQuery = HistoryQuery & {
  project: string;
  days: number;
  cycle_time?: string | undefined;
} & Partial<ItemFilterQuery>;

const LEAD_TIME: AnalysisKind<LeadTimeQuery, LeadTimeResponse> = {
  name: 'lead',
  // The engine reads the clock for the window's last day and the moves up to now (no age of open work).
  daily: true,
  check: ({ board, query }) => {
    const cycleStart = leadTimeStart(board, query);
    if (cycleStart && !board.columns.includes(cycleStart)) {
      throw badRequest(`cycle_time: "${cycleStart}" is not a column of this project`, 'cycle_time');
    }
  },
  // Lead time reads the items only to filter them or to leave archived items or a level of work out
  // (a cold first answer on a board whose items name no parent reads no item).
  readsItems: itemsLeaveOut,
  compute: async (input) => {
    const { ctx, board, query, filter, view } = input;
    const data = await boardData(ctx, board);
    const kept = view ? await filtered(ctx, board, filter, view) : null;
    const transitions = kept ? kept.transitions : data.transitions;
    const report = buildLeadTimeReport({
      columns: board.columns,
      cycleStartColumn: leadTimeStart(board, query),
      ...historyInput(data, query.estimated),
      transitions,
      days: query.days,
      now: ctx.now(),
      calendar: board.calendar,
    }) as LeadTimeResponse;
    report.metrics.performance_insight = noted(report.metrics.performance_insight, input);
    if (kept) withKeptItems(report.metrics, filter, kept);
    return report;
  },
};

export const leadTime = (ctx: ApiContext, viewer: Viewer, query: LeadTimeQuery) =>
  serve(ctx, viewer, LEAD_TIME, query);

/** The board's lead time, as its first request builds it (`warmUp`). */
export const warmLeadTime = (ctx: ApiContext, board: AnalysedBoard) =>
  warmUp(ctx, board, LEAD_TIME, leadTimeQuerySchema);

/** Lead time of a board held apart, over a view made for it (the start's code warm-up). */
export const exerciseLeadTime = (ctx: ApiContext, board: AnalysedBoard, view: FilterView) =>
  exercise(ctx, board, LEAD_TIME, leadTimeQuerySchema, view);
