import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import { findCoverage } from '../users/coverage.ts';
import { findUser } from '../users/queries.ts';
import { isActiveUser } from '../users/subscription.ts';

const ENDED: Record<string, string> = {
  trial: 'Your free trial has ended.',
  pilot: 'Your pilot access has ended.',
};

/** What the paywall says: what ended, what to do, and that nothing is lost. */
export function paywallMessage(status: string): string {
  const ended = ENDED[status] ?? 'Your subscription has ended.';
  return `${ended} Subscribe to Fluxion Analytics Pro to see the analyses of your own boards again — they are still being recorded, nothing is lost. The demo project stays open.`;
}

/**
 * The paywall's one rule: the demo board's analyses are open to everyone; a user's own boards need a running
 * trial or pilot, or a subscription (is_active_user). Boards keep being collected either way.
 */
export function mayAnalyse(
  user: Pick<User, 'subscription_status' | 'subscription_end'>,
  board: { is_demo: number },
  now: number,
): boolean {
  return board.is_demo === 1 || isActiveUser(user.subscription_status, user.subscription_end, now);
}

/** Whether an organization's team plan (trial or paid) lets the user in, their own subscription aside. */
export async function coveredByTeamPlan(ctx: AppContext, userId: string): Promise<boolean> {
  return (await findCoverage(ctx.db, userId, ctx.now())) !== null;
}

export type AnalysisGate = { allows(board: { is_demo: number }): boolean; message: string };

/** The rule for one user now, for one board (the preHandler) or several (Home's overview). */
export async function analysisGate(ctx: AppContext, userId: string): Promise<AnalysisGate> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw unauthorized('User no longer exists');
  const now = ctx.now();
  const covered = isActiveUser(user.subscription_status, user.subscription_end, now)
    ? false
    : await coveredByTeamPlan(ctx, userId);
  return {
    allows: (board) => covered || mayAnalyse(user, board, now),
    message: paywallMessage(user.subscription_status),
  };
}

/** The board an analysis request names: `?project=` or `/api/projects/:id/…`. */
export function requestedProject(request: FastifyRequest): string | undefined {
  const query = request.query as { project?: unknown } | undefined;
  const params = request.params as { id?: unknown } | undefined;
  const id = query?.project ?? params?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
