import { type Profile, type SubscriptionStatus, subscriptionStatusSchema } from '@fluxion/contract';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { memberOrgs } from '../github/org-membership.ts';
import { FREE, isActiveUser, mayBeCovered } from '../users/subscription.ts';
import { findCoverage, type OrgPlanState } from './team-plan.ts';

/**
 * The user's profile now (`GET /api/me/`, the checkout return), with the team plan that covers them: only
 * of an organization GitHub says they are a member of. It stands for their own subscription when that does
 * not let them in (or is a free trial or pilot); beside a paid one it is reported as `also_covered_by`.
 * auth/ serves it through the port app.ts hands to `authRoutes` (auth/ may not import billing/).
 */
export async function profileOf(ctx: AppContext, user: User): Promise<Profile> {
  const now = ctx.now();
  const coverage = await findCoverage(ctx.db, user.id, now, (orgs) => memberOrgs(ctx, user.id, orgs));
  return toProfile(user, now, coverage);
}

/**
 * A team plan is reported when it lets the user in and their own subscription does not — or is only a free
 * trial or pilot while the plan is bought (the plan is what carries on).
 */
function reportsCoverage(user: User, coverage: OrgPlanState, now: number): boolean {
  if (!isActiveUser(coverage.status, coverage.end, now)) return false;
  if (!isActiveUser(user.subscription_status, user.subscription_end, now)) return true;
  return FREE.includes(user.subscription_status) && coverage.status !== 'trial';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The profile. A user whose own subscription does not let them in but whom an organization's team plan
 * covers reports that plan through the same fields (status, end, is_active_user), and `covered_by` says whose.
 */
export function toProfile(user: User, now: number, coverage: OrgPlanState | null = null): Profile {
  const parsed = subscriptionStatusSchema.safeParse(user.subscription_status);
  const status: SubscriptionStatus = parsed.success ? parsed.data : 'none';
  const own = isActiveUser(status, user.subscription_end, now);
  if (coverage && reportsCoverage(user, coverage, now)) {
    const covered = subscriptionStatusSchema.safeParse(coverage.status);
    return {
      username: user.username,
      avatar_url: user.avatar_url,
      subscription_status: covered.success ? covered.data : 'active',
      subscription_end: iso(coverage.end),
      is_active_user: true,
      cancel_at_period_end: coverage.cancelAtPeriodEnd,
      subscription_trialing: coverage.trialing,
      covered_by: coverageOf(user, coverage),
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
    also_covered_by: coverage && paysTwice(user, coverage, now) ? coverageOf(user, coverage) : null,
  };
}

/**
 * A user who pays for their own plan while a bought team plan covers them too: told on Account, and offered
 * to end the personal plan at its period end (they hold no seat of the team plan until it ends).
 */
export function paysTwice(
  user: Pick<User, 'subscription_status' | 'subscription_end'>,
  coverage: OrgPlanState,
  now: number,
): boolean {
  return (
    !mayBeCovered(user, now) &&
    coverage.status !== 'trial' &&
    isActiveUser(coverage.status, coverage.end, now)
  );
}

function coverageOf(user: User, coverage: OrgPlanState) {
  return {
    org: coverage.org,
    status: coverage.status,
    end: iso(coverage.end),
    managers: coverage.managers,
    is_manager: coverage.managers.some((login) => login.toLowerCase() === user.username.toLowerCase()),
  };
}
