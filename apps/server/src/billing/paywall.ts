import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { AppError, unauthorized } from '../http/errors.ts';
import { findDemoBoard } from '../projects/queries.ts';
import { findUser } from '../users/queries.ts';
import { isActiveUser } from './subscription.ts';

export const SUBSCRIPTION_REQUIRED_MESSAGE =
  'Your free trial has ended. Subscribe to Fluxion Analytics Pro to see the analyses of your own boards again — they are still being recorded, nothing is lost. The demo project stays open.';

export const subscriptionRequired = () =>
  new AppError(402, 'subscription_required', SUBSCRIPTION_REQUIRED_MESSAGE);

/**
 * The paywall's one rule: the demo board's analyses are open to everyone; a user's own boards need a running
 * trial or pilot, or a subscription (is_active_user). Boards keep being collected either way.
 */
export function mayAnalyse(user: User, board: { is_demo: number }, now: number): boolean {
  return board.is_demo === 1 || isActiveUser(user.subscription_status, user.subscription_end, now);
}

/** The board an analysis request names: `?project=` or `/api/projects/:id/…`. */
function requestedProject(request: FastifyRequest): string | undefined {
  const query = request.query as { project?: unknown } | undefined;
  const params = request.params as { id?: unknown } | undefined;
  const id = query?.project ?? params?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * preHandler of every analysis route (after `authenticate`): 402 with a clear message when the user may not
 * analyse the requested board. Requests naming no board pass (they are validated elsewhere).
 */
export function requireSubscription(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const projectId = requestedProject(request);
    if (projectId === undefined) return;
    const allowed = await analysisGate(ctx, request.userId);
    const demo = await findDemoBoard(ctx.db);
    if (!allowed({ is_demo: demo?.github_project_id === projectId ? 1 : 0 })) throw subscriptionRequired();
  };
}

/** The rule above for one user now, for routes that show several boards (Home's overview). */
export async function analysisGate(
  ctx: AppContext,
  userId: string,
): Promise<(board: { is_demo: number }) => boolean> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw unauthorized('User no longer exists');
  const now = ctx.now();
  return (board) => mayAnalyse(user, board, now);
}
