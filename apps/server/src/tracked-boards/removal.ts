import type { ProjectRemoval } from '@fluxion/contract';
import type { AppContext } from '../context.ts';
import { countBoardMoves } from '../move-log/rows.ts';
import { trackedByOthers } from './queries.ts';
import { resolveProject } from './service.ts';

/**
 * What DELETE /api/projects/{id}/ would do for this user, for the confirmation to say it: the demo is
 * only hidden; a board someone else tracks keeps its history for them; a board no one else tracks is
 * deleted with every move recorded for it.
 */
export async function projectRemoval(
  ctx: AppContext,
  userId: string,
  projectId: string,
): Promise<ProjectRemoval> {
  const row = await resolveProject(ctx, userId, projectId);
  const [moves, others] = await Promise.all([
    countBoardMoves(ctx.db, row.id),
    row.is_demo === 1 ? true : trackedByOthers(ctx.db, row.id, userId),
  ]);
  const effect = row.is_demo === 1 ? 'hide' : others ? 'untrack' : 'delete';
  return { effect, recorded_moves: moves };
}
