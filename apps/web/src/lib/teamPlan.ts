import type { BillingPrice, OrgPlan } from '@fluxion/contract';
import { B } from '../billingTexts.ts';
import { formatDate } from './format.ts';
import { daysUntil, type SubscriptionTone } from './subscription.ts';

export type TeamPlanView = {
  text: string;
  tone: SubscriptionTone;
  /** 'Buy the team plan' or 'Renew the team plan'; null when it needs no buying. Managers only. */
  buyLabel: string | null;
  cancel: boolean;
  reactivate: boolean;
  updatePayment: boolean;
};

/** What Stripe charges for the seats at the end of a trial bought at checkout: "$24.00 (2 seats × $12.00)". */
export function seatsCharge(plan: Pick<OrgPlan, 'billed_seats'>, price: BillingPrice | null): string | null {
  if (!price) return null;
  const seats = Math.max(1, plan.billed_seats);
  const total = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
  }).format((price.amount * seats) / 100);
  return `${total} (${seats} ${seats === 1 ? 'seat' : 'seats'} × ${price.display})`;
}

function statusOf(
  plan: OrgPlan,
  now: Date,
  price: BillingPrice | null,
): { text: string; tone: SubscriptionTone } {
  const s = B.team.status;
  const end = formatDate(plan.end);
  switch (plan.status) {
    case 'trial': {
      const left = daysUntil(plan.end, now);
      return plan.is_active
        ? { text: s.trial(left, end), tone: 'success' }
        : { text: s.trialEnded, tone: 'danger' };
    }
    case 'active':
      if (!plan.is_active) return { text: s.ended, tone: 'neutral' };
      if (plan.cancel_at_period_end) return { text: s.cancelled(end), tone: 'attention' };
      if (plan.trialing) return { text: s.trialCharge(seatsCharge(plan, price), end), tone: 'success' };
      return { text: s.active(end), tone: 'success' };
    case 'past_due':
      return { text: s.pastDue, tone: 'danger' };
    case 'incomplete':
    case 'incomplete_expired':
      return { text: s.failed, tone: 'danger' };
    default:
      return { text: s.ended, tone: 'neutral' };
  }
}

/**
 * The team plan's text and, for its managers, the one action that moves it forward: buy during or after
 * the trial, cancel or reactivate a paid one, update the card when a payment is due. Members get none.
 */
export function teamPlanView(plan: OrgPlan, now: Date, price: BillingPrice | null = null): TeamPlanView {
  const status = statusOf(plan, now, price);
  const live = ['active', 'past_due'].includes(plan.status) && plan.purchased;
  const manager = plan.is_manager;
  const needsBuying = !live || !plan.is_active;
  return {
    ...status,
    buyLabel: manager && needsBuying ? (plan.purchased ? B.team.renew : B.team.buy) : null,
    cancel: manager && live && plan.is_active && plan.status === 'active' && !plan.cancel_at_period_end,
    reactivate: manager && live && plan.is_active && plan.status === 'active' && plan.cancel_at_period_end,
    updatePayment: manager && plan.purchased && (live || plan.status === 'past_due'),
  };
}
