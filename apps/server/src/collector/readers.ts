import { markOwnerBoardsAccessLost } from '../boards/installation-access.ts';
import type { AppContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import {
  boardReader,
  type GithubTuning,
  githubForPersonalBoards,
  githubForUser,
  githubWithToken,
  PERSONAL_BOARDS_NOT_CONNECTED,
  SIGN_IN_NEEDED,
} from '../github/for-user.ts';
import type { BoardReader } from '../github/board-reader.ts';
import { AppError } from '../http/errors.ts';
import { hasActiveInstallation, installationOfAccount } from '../installations/store.ts';
import { ACCESS_LOST_RETRY_MS, accessLostMessage } from '../installations/sync.ts';
import { InstallationUnavailableError, installationToken } from '../installations/tokens.ts';

/** Nobody may read the board now; the message says why and what to do (shown as the board's error). */
export class NoBoardAccessError extends Error {
  override name = 'NoBoardAccessError';
}

/**
 * Which GitHub identity reads a board: an organization's board with the GitHub App's installation token
 * of that organization when the App is installed there (private repositories' items then come with
 * content), else the user who registered it; for the demo board (local mode only) a token of the
 * simulator's. Null when nobody can; NoBoardAccessError when the App was installed on the organization
 * and is now uninstalled or suspended (the user's token is not used instead: the organization withdrew
 * the App's access). What each user may see stays decided per user (visibility/). `tuning` passes retry
 * settings to the client (tests).
 */
export function readerFactory(ctx: AppContext, demoToken: string | null, tuning: GithubTuning = {}) {
  return async (board: Board): Promise<BoardReader | null> => {
    if (board.is_demo === 1) return demoToken ? boardReader(githubWithToken(ctx, demoToken, tuning)) : null;
    const viaApp = await installationReader(ctx, board, tuning);
    if (viaApp) return viaApp;
    if (!board.collector_user_id) return null;
    const userId = board.collector_user_id;
    // A user-owned board: no App token reads it, so a user signed in through the App reads it with their
    // "Connect personal boards" token (github/for-user.ts).
    const client = await (board.owner_type === 'User'
      ? githubForPersonalBoards(ctx, userId, tuning)
      : githubForUser(ctx, userId, tuning)
    ).catch((error: unknown) => {
      // Their token is gone (GitHub revoked it, or it expired unrenewed): the board waits for a sign-in.
      if (error instanceof AppError && error.statusCode === 401) throw new NoBoardAccessError(SIGN_IN_NEEDED);
      throw error;
    });
    if (!client) throw new NoBoardAccessError(PERSONAL_BOARDS_NOT_CONNECTED);
    return boardReader(client);
  };
}

async function installationReader(
  ctx: AppContext,
  board: Board,
  tuning: GithubTuning,
): Promise<BoardReader | null> {
  if (!ctx.config.github.app || board.owner_type !== 'Organization') return null;
  const installation = await installationOfAccount(ctx.db, board.owner_login);
  if (!installation) return null;
  const id = Number(installation.id);
  try {
    const reader = boardReader(githubWithToken(ctx, await installationToken(ctx, id), tuning));
    return { ...reader, readsAs: 'installation' };
  } catch (error) {
    if (!(error instanceof InstallationUnavailableError) || error.reason === 'unknown') throw error;
    // Learnt while minting (a webhook that never came): the organization's other boards say so too.
    // Minting has already stored the installation as removed or suspended, so this is said here.
    const message = accessLostMessage(board.owner_login, error.reason);
    if (error.reason === 'suspended' || !(await hasActiveInstallation(ctx.db, board.owner_login)))
      await markOwnerBoardsAccessLost(ctx.db, board.owner_login, message, ctx.now() + ACCESS_LOST_RETRY_MS);
    throw new NoBoardAccessError(message);
  }
}
