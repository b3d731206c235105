import type { FilterSuggestions } from '@fluxion/contract';
import { filterValues } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import { itemsForViewer } from '../visibility/viewer-items.ts';
import { type Viewer, viewedBoard } from './access.ts';
import { analysisKey } from './board.ts';
import { type Json, jsonBody } from '../http/json-body.ts';

/**
 * The filter bar's suggestions for a board: the labels, milestones, assignees and repositories of its
 * items now on it, as the viewer may see them (a private item's names are not suggested: they would tell
 * what GitHub hides from this viewer). Cached per board version and view, like an analysis.
 */
export async function filterSuggestions(
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string },
): Promise<Json<FilterSuggestions>> {
  const board = viewedBoard(viewer, query.project);
  const view = await itemsForViewer(ctx, viewer.userId, board.row, () =>
    ctx.analytics.boards.items(ctx.db, board.id, board.version),
  );
  const key = analysisKey('filter-suggestions', board, view.key, query);
  return ctx.analytics.results.compute(key, async () => {
    const { issueTypes, ...values } = filterValues(view.items, view.hidden);
    return jsonBody<FilterSuggestions>({ ...values, issue_types: issueTypes });
  });
}
