import type { Profile } from '@fluxion/contract';
import { B } from '../billingTexts.ts';
import { T } from '../texts.ts';
import { formatDate } from './format.ts';

export type SubscriptionFacts = Pick<
  Profile,
  'subscription_end' | 'is_active_user' | 'cancel_at_period_end'
> & {
  subscription_status: string;
  /** Bought within the trial: Stripe's subscription is trialing and charges first at subscription_end. */
  subscription_trialing?: boolean;
  covered_by?: Profile['covered_by'];
};
export type SubscriptionTone = 'success' | 'attention' | 'danger' | 'neutral';
export type SubscriptionView = {
  text: string;
  tone: SubscriptionTone;
  buyLabel: string | null;
  updatePayment: boolean;
  cancel: boolean;
  reactivate: boolean;
};

const DAY_MS = 86_400_000;

export function daysUntil(end: string | null, now: Date): number {
  if (!end) return 0;
  const time = new Date(end).getTime();
  return Number.isNaN(time) ? 0 : Math.max(0, Math.ceil((time - now.getTime()) / DAY_MS));
}

/**
 * The subscription's status text (docs/billing.md). `firstCharge`: what Stripe will charge when a trial bought
 * at checkout ends ("$12.00"), when the price is known.
 */
export function statusText(
  facts: SubscriptionFacts,
  now: Date,
  firstCharge: string | null = null,
): { text: string; tone: SubscriptionTone } {
  const s = T.account.status;
  const end = formatDate(facts.subscription_end);
  const left = daysUntil(facts.subscription_end, now);
  switch (facts.subscription_status) {
    case 'active':
      if (!facts.is_active_user) return { text: s.expired, tone: 'danger' };
      if (facts.cancel_at_period_end) return { text: s.cancelledActive(end), tone: 'attention' };
      // Bought within the trial: nothing is paid yet, so not "paid until" but when the first charge comes.
      if (facts.subscription_trialing) return { text: B.trialCharge(firstCharge, end), tone: 'success' };
      return { text: s.active(end), tone: 'success' };
    case 'pilot':
      return left > 0
        ? { text: s.pilotLeft(left), tone: 'success' }
        : { text: s.pilotExpired, tone: 'danger' };
    case 'trial':
      return left > 0 ? { text: s.trial(left), tone: 'success' } : { text: s.trialEnded, tone: 'danger' };
    case 'past_due':
      return { text: s.pastDue, tone: 'danger' };
    case 'canceled':
    case 'inactive':
      return { text: s.ended, tone: 'neutral' };
    case 'incomplete':
    case 'incomplete_expired':
      return { text: s.failed, tone: 'danger' };
    default:
      return { text: s.none, tone: 'neutral' };
  }
}

const RENEW_STATUSES = ['canceled', 'inactive', 'incomplete_expired'];
const PAID_STATUSES = ['active', 'past_due'];

/**
 * Which subscription buttons show on the Account page, and the buy label. An active subscriber can
 * update the card too, and a cancelled one sees Reactivate instead of Cancel.
 */
export function subscriptionView(
  facts: SubscriptionFacts,
  now: Date,
  firstCharge: string | null = null,
): SubscriptionView {
  if (facts.covered_by) return coveredView(facts.covered_by);
  const status = facts.subscription_status;
  const active = facts.is_active_user;
  const paid = PAID_STATUSES.includes(status);
  // A running pilot needs nothing; an expired one can buy (no dead end).
  const hideBuy = (status === 'pilot' && active) || (paid && active);
  const renew = RENEW_STATUSES.includes(status) || (paid && !active);
  return {
    ...statusText(facts, now, firstCharge),
    buyLabel: hideBuy ? null : renew ? T.account.renew : T.account.buy,
    // A paying subscriber may change the card any time; a past-due one whose period ended, to pay what is due.
    updatePayment: (paid && active) || status === 'past_due',
    // Cancel and Reactivate exclude each other: a cancelled subscription can only be reactivated.
    cancel: status === 'active' && active && !facts.cancel_at_period_end,
    reactivate: status === 'active' && active && facts.cancel_at_period_end,
  };
}

/** A member covered by an organization's team plan: which plan, who manages it; its buttons are the managers'. */
function coveredView(coverage: NonNullable<Profile['covered_by']>): SubscriptionView {
  return {
    text: `${B.team.coveredBy(coverage.org)} ${B.team.managedBy(coverage.managers)}`,
    tone: 'success',
    buyLabel: null,
    updatePayment: false,
    cancel: false,
    reactivate: false,
  };
}
