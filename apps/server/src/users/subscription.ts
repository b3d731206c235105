import { type Profile, type SubscriptionStatus, subscriptionStatusSchema } from '@fluxion/contract';
import type { User } from '../db/schema.ts';
import type { OrgPlanState } from './coverage.ts';

/** A user's subscription as stored with them (billing/status.ts makes it from Stripe's). */
export type UserSubscription = {
  subscription_status: string;
  subscription_end: number | null;
  cancel_at_period_end: 0 | 1;
  stripe_subscription_id: string | null;
  /** 1 while Stripe's subscription is trialing: the first charge is at subscription_end. */
  subscription_trialing: 0 | 1;
};

export const TRIAL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export function trialEnd(now: number): number {
  return now + TRIAL_DAYS * DAY_MS;
}

/**
 * Whether the user may use the paid product now: a running trial or pilot, or a paid (or briefly overdue)
 * subscription whose period has not ended.
 */
export function isActiveUser(status: string, end: number | null, now: number): boolean {
  switch (status) {
    case 'trial':
    case 'pilot':
      return end !== null && end > now;
    case 'active':
    case 'past_due':
      return end === null || end > now;
    default:
      return false;
  }
}

const FREE = ['trial', 'pilot'];

/** Whether a team plan may stand for the user's own subscription: theirs lapsed, or is only the app's free trial or pilot. */
export function mayBeCovered(
  user: Pick<User, 'subscription_status' | 'subscription_end'>,
  now: number,
): boolean {
  return (
    FREE.includes(user.subscription_status) ||
    !isActiveUser(user.subscription_status, user.subscription_end, now)
  );
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
