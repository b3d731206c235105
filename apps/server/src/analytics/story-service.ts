import type { BoardStoryResponse, ItemFilterQuery } from '@fluxion/contract';
import { boardStory } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { type Viewer, viewedBoard } from './access.ts';
import { engineCalendar } from '../projects/calendar.ts';
import { classificationOverride } from '../projects/classification.ts';
import { analysisKey } from './board.ts';
import { filteredBoard, requestFilter, viewForFilter } from './item-filter.ts';
import { type Json, jsonBody } from '../http/json-body.ts';

/**
 * GET /api/story/: the board's commitment point and bottleneck over its iteration (docs/metrics.md, "One
 * model of commitment"), by the engine function Time in State, Flow and Home share, under the page's
 * item filter: what the Issues page needs to pick its column, without a whole Flow report.
 */
export async function boardStoryOf(
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string } & Partial<ItemFilterQuery>,
): Promise<Json<BoardStoryResponse>> {
  const board = viewedBoard(viewer, query.project);
  const filter = requestFilter(query, board.calendar.time_zone);
  const view = await viewForFilter(ctx, viewer.userId, board.row, filter);
  const { project: _project, ...rest } = query;
  return ctx.analytics.results.compute(analysisKey('story', board, view.key, rest), async () => {
    const data = await ctx.analytics.boards.get(ctx.db, board.id, board.version);
    const { transitions } = filteredBoard(filter, {
      view,
      transitions: data.transitions,
      columns: board.columns,
    });
    const story: BoardStoryResponse = boardStory({
      columns: board.columns,
      cycleStartColumn: board.cycleStart,
      classification: classificationOverride(board.classification),
      transitions,
      now: ctx.now(),
      days: board.iterationDays,
      calendar: engineCalendar(board.calendar),
    });
    return jsonBody(story);
  });
}
