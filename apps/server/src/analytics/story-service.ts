import type { BoardStoryResponse, ItemFilterQuery } from '@fluxion/contract';
import { commitmentModel } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import type { Viewer } from './access.ts';
import type { FilterView } from './item-filter.ts';
import { filtered } from './board-data.ts';
import { type AnalysisKind, serve } from './analysis-kind.ts';

/**
 * GET /api/story/: the board's commitment point and bottleneck over its iteration (docs/metrics.md, "One
 * model of commitment"), by the engine function Time in State, Flow and Home share, under the page's item
 * filter: what the Issues page needs to pick its column, without a whole Flow report.
 */
const STORY: AnalysisKind<{ project: string } & Partial<ItemFilterQuery>, BoardStoryResponse> = {
  name: 'story',
  readsItems: () => true,
  compute: async ({ ctx, board, filter, view }) => {
    const { transitions } = await filtered(ctx, board, filter, view as FilterView);
    return commitmentModel({
      columns: board.columns,
      cycleStartColumn: board.cycleStart,
      classification: board.classification,
      transitions,
      now: ctx.now(),
      days: board.iterationDays,
      calendar: board.calendar,
    });
  },
};

export const boardStoryOf = (
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string } & Partial<ItemFilterQuery>,
) => serve(ctx, viewer, STORY, query);
