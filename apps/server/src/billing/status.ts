import type { UserSubscription } from '../users/subscription.ts';
import type { OrgSubscription } from './org-queries.ts';

/**
 * Pure rules from a Stripe subscription to the subscription fields of our user
 * (docs/billing.md, How the server applies Stripe's state).
 * No I/O: the webhook and the routes read the subscription from Stripe, these decide what to write.
 */

/** What we read from a Stripe subscription (times in Unix seconds, as Stripe gives them). */
export type SubscriptionFacts = {
  id: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** The end of the current period (the latest of its items'); null when Stripe gave none. */
  periodEnd: number | null;
  endedAt: number | null;
};

/** The user's subscription columns (times in epoch milliseconds, flags 0/1). */
export type { UserSubscription };

const STATUS: Record<string, string> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'inactive',
  paused: 'inactive',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'incomplete_expired',
};

const LIVE = ['active', 'past_due'];
const APP_GRANTED = ['trial', 'pilot'];

/** Stripe's status in our words; a status Stripe adds later counts as not paying. */
export function statusFromStripe(stripeStatus: string): string {
  return STATUS[stripeStatus] ?? 'inactive';
}

export function userSubscription(facts: SubscriptionFacts): UserSubscription {
  const status = statusFromStripe(facts.status);
  const end = status === 'canceled' ? (facts.endedAt ?? facts.periodEnd) : facts.periodEnd;
  return {
    subscription_status: status,
    subscription_end: end === null ? null : end * 1000,
    cancel_at_period_end: facts.cancelAtPeriodEnd && status !== 'canceled' ? 1 : 0,
    stripe_subscription_id: facts.id,
    subscription_trialing: facts.status === 'trialing' ? 1 : 0,
  };
}

/**
 * Whether a subscription's state should become the user's. The user's own subscription always does; another one
 * only when it is live (a new purchase), or when the user has none yet and it would not cut short a trial or
 * pilot the app granted (a failed first payment leaves the trial running). An old subscription never
 * overwrites the current one, whatever order its events arrive in.
 */
export function shouldApply(
  user: Pick<UserSubscription, 'subscription_status' | 'stripe_subscription_id'>,
  facts: SubscriptionFacts,
): boolean {
  if (user.stripe_subscription_id === facts.id) return true;
  const status = statusFromStripe(facts.status);
  if (LIVE.includes(status)) return true;
  if (user.stripe_subscription_id !== null) return false;
  return !APP_GRANTED.includes(user.subscription_status);
}

/** The organization plan's columns from its Stripe subscription (times in epoch milliseconds). */
export function orgSubscription(
  facts: SubscriptionFacts,
  quantity: number,
  periodStart: number | null,
): OrgSubscription {
  const user = userSubscription(facts);
  return {
    status: user.subscription_status,
    subscription_end: user.subscription_end,
    period_start: periodStart === null ? null : periodStart * 1000,
    cancel_at_period_end: user.cancel_at_period_end,
    stripe_trialing: user.subscription_trialing,
    seats: quantity,
    stripe_subscription_id: facts.id,
  };
}

/**
 * Whether a subscription becomes the organization's: its own always; another only when live (bought anew),
 * or while the plan has none yet and it would not end the running trial (a failed first payment).
 */
export function shouldApplyToOrg(
  plan: { status: string; stripe_subscription_id: string | null },
  facts: SubscriptionFacts,
): boolean {
  return shouldApply(
    { subscription_status: plan.status, stripe_subscription_id: plan.stripe_subscription_id },
    facts,
  );
}
