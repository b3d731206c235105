import { type ItemFilterQuery, type TimeInStateResponse, timeInStateQuerySchema } from '@fluxion/contract';
import { buildTimeInStateReport, everyItem, prepareTimeInState } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import type { Viewer } from './access.ts';
import type { AnalysedBoard } from './board.ts';
import { historyInput } from './history-view.ts';
import { columnsOfBoardItems } from '../move-log/items.ts';
import { boardData, filtered, itemsLeaveOut, withKeptItems } from './board-data.ts';
import { type AnalysisKind, exercise, type HistoryQuery, noted, serve, warmUp } from './analysis-kind.ts';
import type { FilterView } from './item-filter.ts';

type TimeInStateQuery = { project: string; days: number } & Partial<ItemFilterQuery> & HistoryQuery;

const TIME_IN_STATE: AnalysisKind<TimeInStateQuery, TimeInStateResponse> = {
  name: 'tis',
  // The engine reads the clock for the window's last day and the moves up to now (no age of open work).
  daily: true,
  // The engine reads of the items only their columns (queue health), which redaction keeps: beyond a
  // filter, archived items or a level of work left out, the columns of the items on the board are enough.
  readsItems: itemsLeaveOut,
  compute: async (input) => {
    const { ctx, board, query, filter, view } = input;
    const kept = view ? await filtered(ctx, board, filter, view) : null;
    // Sent before the stays' walk, which runs while the database counts (PostgreSQL; issue 38).
    const counted = kept ? null : columnsOfBoardItems(ctx.db, board.id);
    if (counted) {
      counted.catch(() => undefined); // awaited below, unless the moves' load fails first
      await new Promise(setImmediate); // lets the driver write the statement before the walk
    }
    const data = await boardData(ctx, board);
    const timeline = {
      columns: board.columns,
      // The commitment point keeps queues before it out of the bottleneck.
      cycleStartColumn: board.cycleStart,
      ...historyInput(data, query.estimated),
      // Users who share a board may classify its columns differently: the key holds the viewer's.
      classification: board.classification,
      transitions: kept ? kept.transitions : data.transitions,
      now: ctx.now(),
    };
    prepareTimeInState(timeline);
    const report = buildTimeInStateReport({
      ...timeline,
      items: kept ? everyItem(kept.items) : await (counted as Promise<{ column: string | null }[]>),
      days: query.days,
      // The bottleneck's window: the iteration Flow and Home read, whatever window the page chose.
      storyDays: board.iterationDays,
      calendar: board.calendar,
    }) as TimeInStateResponse;
    report.metrics.performance_insight = noted(report.metrics.performance_insight, input);
    if (kept) withKeptItems(report.metrics, filter, kept);
    return report;
  },
};

export const timeInState = (ctx: ApiContext, viewer: Viewer, query: TimeInStateQuery) =>
  serve(ctx, viewer, TIME_IN_STATE, query);

/** The board's time in state, as its first request builds it (`warmUp`). */
export const warmTimeInState = (ctx: ApiContext, board: AnalysedBoard) =>
  warmUp(ctx, board, TIME_IN_STATE, timeInStateQuerySchema);

/** Time in state of a board held apart, over a view made for it (the start's code warm-up). */
export const exerciseTimeInState = (ctx: ApiContext, board: AnalysedBoard, view: FilterView) =>
  exercise(ctx, board, TIME_IN_STATE, timeInStateQuerySchema, view);
