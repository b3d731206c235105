import type { ShareFilters } from '@fluxion/contract';
import { analysedBoard } from '../analytics/board.ts';
import { leadTime } from '../analytics/lead-time-service.ts';
import type { ApiContext } from '../context.ts';
import { AppError, badRequest } from '../http/errors.ts';
import type { TrackedRow } from '../tracked-boards/queries.ts';

/**
 * A link must open what its creator's page opens: filters the board cannot apply (an iteration on a board
 * without an Iteration field, a field value without a breakdown field) are refused when it is made, by the
 * analyses' own rule (one analysis, whose answer the link's first visit then finds cached), naming the filter.
 */
export async function assertLinkOpens(
  ctx: ApiContext,
  userId: string,
  project: string,
  board: TrackedRow,
  filters: ShareFilters,
): Promise<void> {
  const viewer = { userId, board: analysedBoard(board, ctx.now()) };
  try {
    await leadTime(ctx, viewer, { project, ...filters });
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
    const field = `filters.${error.field ?? ''}`.replace(/\.$/, '');
    throw badRequest(`${field}: ${error.message.replace(/^[a-z_]+: /, '')}`, field);
  }
}
