import { type Profile, type SubscriptionStatus, subscriptionStatusSchema } from '@fluxion/contract';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { memberOrgs } from '../github/org-membership.ts';
import { FREE, isActiveUser, mayBeCovered } from '../users/subscription.ts';
import { findCoveringTeamPlan, type TeamPlanState } from './team-plan.ts';

/**
 * The user's profile now (`GET /api/me/`, the checkout return), with the team plan that covers them: only
 * of an organization GitHub says they are a member of. It stands for their own subscription when that does
 * not let them in (or is a free trial or pilot); beside a paid one it is reported as `also_covered_by`.
 * auth/ serves it through the port app.ts hands to `authRoutes` (auth/ may not import billing/).
 */
export async function profileOf(ctx: AppContext, user: User): Promise<Profile> {
  const now = ctx.now();
  const teamPlan = await findCoveringTeamPlan(ctx.db, user.id, now, (orgs) => memberOrgs(ctx, user.id, orgs));
  return toProfile(user, now, teamPlan);
}

/**
 * A team plan is reported when it lets the user in and their own subscription does not — or is only a free
 * trial or pilot while the plan is bought (the plan is what carries on).
 */
function reportsTeamPlan(user: User, teamPlan: TeamPlanState, now: number): boolean {
  if (!isActiveUser(teamPlan.status, teamPlan.end, now)) return false;
  if (!isActiveUser(user.subscription_status, user.subscription_end, now)) return true;
  return FREE.includes(user.subscription_status) && teamPlan.status !== 'trial';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The profile. A user whose own subscription does not let them in but whom an organization's team plan
 * covers reports that plan through the same fields (status, end, is_active_user), and `covered_by` says whose.
 */
export function toProfile(user: User, now: number, teamPlan: TeamPlanState | null = null): Profile {
  const parsed = subscriptionStatusSchema.safeParse(user.subscription_status);
  const status: SubscriptionStatus = parsed.success ? parsed.data : 'none';
  const own = isActiveUser(status, user.subscription_end, now);
  if (teamPlan && reportsTeamPlan(user, teamPlan, now)) {
    const covered = subscriptionStatusSchema.safeParse(teamPlan.status);
    return {
      username: user.username,
      avatar_url: user.avatar_url,
      subscription_status: covered.success ? covered.data : 'active',
      subscription_end: iso(teamPlan.end),
      is_active_user: true,
      cancel_at_period_end: teamPlan.cancelAtPeriodEnd,
      subscription_trialing: teamPlan.trialing,
      covered_by: coveredBy(user, teamPlan),
      also_covered_by: null,
    };
  }
  return {
    username: user.username,
    avatar_url: user.avatar_url,
    subscription_status: status,
    subscription_end: iso(user.subscription_end),
    is_active_user: own,
    cancel_at_period_end: user.cancel_at_period_end === 1,
    subscription_trialing: user.subscription_trialing === 1,
    covered_by: null,
    also_covered_by: teamPlan && paysTwice(user, teamPlan, now) ? coveredBy(user, teamPlan) : null,
  };
}

/**
 * A user who pays for their own plan while a bought team plan covers them too: told on Account, and offered
 * to end the personal plan at its period end (they hold no seat of the team plan until it ends).
 */
export function paysTwice(
  user: Pick<User, 'subscription_status' | 'subscription_end'>,
  teamPlan: TeamPlanState,
  now: number,
): boolean {
  return (
    !mayBeCovered(user, now) &&
    teamPlan.status !== 'trial' &&
    isActiveUser(teamPlan.status, teamPlan.end, now)
  );
}

function coveredBy(user: User, teamPlan: TeamPlanState) {
  return {
    org: teamPlan.org,
    status: teamPlan.status,
    end: iso(teamPlan.end),
    managers: teamPlan.managers,
    is_manager: teamPlan.managers.some((login) => login.toLowerCase() === user.username.toLowerCase()),
  };
}
