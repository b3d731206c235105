import type { BoardStoryResponse, ItemFilterQuery } from '@fluxion/contract';
import { commitmentModel } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import type { Viewer } from './access.ts';
import type { FilterView } from './item-filter.ts';
import { boardData, filtered } from './board-data.ts';
import { historyInput } from './history-view.ts';
import { type AnalysisKind, type HistoryQuery, serve } from './analysis-kind.ts';

/**
 * GET /api/story/: the board's commitment point and bottleneck over its iteration (docs/metrics.md, "One
 * model of commitment"), by the engine function Time in State, Flow and Home share, under the page's item
 * filter: what the Issues page needs to pick its column, without a whole Flow report.
 */
type StoryQuery = { project: string } & Partial<ItemFilterQuery> & HistoryQuery;

const STORY: AnalysisKind<StoryQuery, BoardStoryResponse> = {
  name: 'story',
  readsItems: () => true,
  compute: async ({ ctx, board, query, filter, view }) => {
    const [data, { transitions }] = await Promise.all([
      boardData(ctx, board),
      filtered(ctx, board, filter, view as FilterView),
    ]);
    return commitmentModel({
      columns: board.columns,
      cycleStartColumn: board.cycleStart,
      classification: board.classification,
      // The history as Time in State and Flow read it (a partial board's lost stays), so that the three name
      // one bottleneck, from the one timeline they keep.
      ...historyInput(data, query.estimated),
      transitions,
      now: ctx.now(),
      days: board.iterationDays,
      calendar: board.calendar,
    });
  },
};

export const boardStoryOf = (ctx: ApiContext, viewer: Viewer, query: StoryQuery) =>
  serve(ctx, viewer, STORY, query);
