import type { AppContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import { boardReader, type GithubTuning, githubForUser, githubWithToken } from '../github/for-user.ts';
import type { BoardReader } from '../github/board-reader.ts';

/**
 * Which GitHub identity reads a board: the user who registered it; for the demo board (local mode only)
 * a token of the simulator's. Null when nobody can. `tuning` passes retry settings to the client (tests).
 */
export function readerFactory(ctx: AppContext, demoToken: string | null, tuning: GithubTuning = {}) {
  return async (board: Board): Promise<BoardReader | null> => {
    if (board.is_demo === 1) return demoToken ? boardReader(githubWithToken(ctx, demoToken, tuning)) : null;
    if (!board.collector_user_id) return null;
    return boardReader(await githubForUser(ctx, board.collector_user_id, tuning));
  };
}
