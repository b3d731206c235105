import { type Profile, type SubscriptionStatus, subscriptionStatusSchema } from '@fluxion/contract';
import type { User } from '../db/schema.ts';

/** A user's subscription as stored with them (billing/status.ts makes it from Stripe's). */
export type UserSubscription = {
  subscription_status: string;
  subscription_end: number | null;
  cancel_at_period_end: 0 | 1;
  stripe_subscription_id: string | null;
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

export function toProfile(user: User, now: number): Profile {
  const parsed = subscriptionStatusSchema.safeParse(user.subscription_status);
  const status: SubscriptionStatus = parsed.success ? parsed.data : 'none';
  return {
    username: user.username,
    avatar_url: user.avatar_url,
    subscription_status: status,
    subscription_end: user.subscription_end === null ? null : new Date(user.subscription_end).toISOString(),
    is_active_user: isActiveUser(status, user.subscription_end, now),
    cancel_at_period_end: user.cancel_at_period_end === 1,
  };
}
