import type { User } from '../db/schema.ts';

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

/** The app's own plans that cost nothing: a team plan may stand for them. */
export const FREE = ['trial', 'pilot'];

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
