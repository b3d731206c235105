import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import { memberOrgs } from '../github/org-membership.ts';
import { findCoveringTeamPlan } from './team-plan.ts';
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

/** Who asks to analyse: their own subscription, and their id for a team plan that may cover them. */
export type Analyst = Pick<User, 'id' | 'subscription_status' | 'subscription_end'>;

export type AnalysisGate = { allows(board: { is_demo: number }): boolean; message: string };

/** Whether an organization's team plan (trial or paid) lets the user in: one GitHub says they are a member of. */
async function coveredByTeamPlan(ctx: AppContext, userId: string): Promise<boolean> {
  const verified = (orgs: string[]) => memberOrgs(ctx, userId, orgs);
  return (await findCoveringTeamPlan(ctx.db, userId, ctx.now(), verified)) !== null;
}

/**
 * The paywall's one rule, for one user now and any number of boards: the demo board's analyses are open to
 * everyone; a user's own boards need a running trial or pilot, a subscription (is_active_user), or a team
 * plan of an organization they are a member of. The team plan is looked up once, and only when their own
 * subscription does not open them. Boards keep being collected either way.
 */
export async function gateFor(ctx: AppContext, user: Analyst): Promise<AnalysisGate> {
  const open =
    isActiveUser(user.subscription_status, user.subscription_end, ctx.now()) ||
    (await coveredByTeamPlan(ctx, user.id));
  return {
    allows: (board) => board.is_demo === 1 || open,
    message: paywallMessage(user.subscription_status),
  };
}

/**
 * May this user analyse this board now? Asked by the analyses and exports (analytics/access.ts), share links,
 * notifications and the paywall alike: nothing asks the personal subscription alone.
 */
export async function canAnalyse(
  ctx: AppContext,
  user: Analyst,
  board: { is_demo: number },
): Promise<boolean> {
  if (board.is_demo === 1) return true;
  return (await gateFor(ctx, user)).allows(board);
}

/** The rule for the user of this id (see gateFor): Home's overview, share links. */
export async function analysisGate(ctx: AppContext, userId: string): Promise<AnalysisGate> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw unauthorized('User no longer exists');
  return gateFor(ctx, user);
}

/** The board an analysis request names: `?project=` or `/api/projects/:id/…`. */
export function requestedProject(request: FastifyRequest): string | undefined {
  const query = request.query as { project?: unknown } | undefined;
  const params = request.params as { id?: unknown } | undefined;
  const id = query?.project ?? params?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
