import type { FastifyRequest } from 'fastify';
import { verifiedBearer } from '../auth/authenticate.ts';
import { canAnalyse, paywallMessage, requestedProject } from '../billing/paywall.ts';
import type { AppContext } from '../context.ts';
import { AppError, notFound, unauthorized } from '../http/errors.ts';
import { findBoardAccess } from '../tracked-boards/board-access.ts';
import { type AnalysedBoard, analysedBoard } from './board.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The board an analysis request names, as its user sees it; undefined when they may not see it. */
    board: AnalysedBoard | undefined;
  }
}

/** Who asks for an analysis, and the board they asked for if they may see it. */
export type Viewer = { userId: string; board: AnalysedBoard | undefined };

export const viewerOf = (request: FastifyRequest): Viewer => ({
  userId: request.userId,
  board: request.board,
});

/** The board of an analysis, parsed once by the access check; 404 if not the viewer's. */
export function viewedBoard(viewer: Viewer, projectId: string): AnalysedBoard {
  if (!viewer.board) throw notFound(`Project ${projectId} not found`);
  return viewer.board;
}

/**
 * preHandler of every analysis route: authentication, the paywall and the access check (401 for a token
 * or sign-in that ended, 402 behind the paywall, then 404 for a board the user does not see), from one
 * statement (tracked-boards/queries.ts `findBoardAccess`). A warm answer is a cache
 * hit, so this statement is all it asks the database.
 */
export function authorizeAnalysis(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const session = await verifiedBearer(ctx, request);
    const projectId = requestedProject(request) ?? '';
    const access = await findBoardAccess(ctx.db, session, projectId);
    if (!access) throw unauthorized('This sign-in has ended (logged out)');
    request.userId = session.userId;
    const analyst = { id: session.userId, ...access.user };
    // canAnalyse looks a team plan up only when the user's own subscription does not open the board.
    if (!(await canAnalyse(ctx, analyst, { is_demo: access.isDemo ? 1 : 0 }))) {
      throw new AppError(402, 'subscription_required', paywallMessage(access.user.subscription_status));
    }
    request.board = access.board ? analysedBoard(access.board, ctx.now()) : undefined;
  };
}
