import { charge } from './customers.ts';
import { stripeId } from './ids.ts';
import type { StripeState } from './state.ts';
import type { Invoice, Subscription } from './types.ts';

/**
 * Bills the subscription's current period and tries the card: emits `invoice.paid` or `invoice.payment_failed`.
 * A trial's period is billed `amount` 0, which is paid without a charge.
 */
export function billPeriod(
  state: StripeState,
  subscription: Subscription,
  reason: Invoice['billing_reason'],
  amount = periodPrice(subscription),
): Invoice {
  const item = subscription.items.data[0];
  const invoice: Invoice = {
    id: stripeId('in'),
    object: 'invoice',
    created: state.clock.seconds(),
    customer: subscription.customer,
    status: 'open',
    billing_reason: reason,
    amount_due: amount,
    amount_paid: 0,
    amount_remaining: amount,
    attempt_count: 0,
    currency: subscription.currency,
    period_start: item?.current_period_start ?? state.clock.seconds(),
    period_end: item?.current_period_end ?? state.clock.seconds(),
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
    livemode: false,
  };
  state.invoices.set(invoice.id, invoice);
  subscription.latest_invoice = invoice.id;
  state.emit('invoice.created', invoice);
  attemptPayment(state, invoice);
  return invoice;
}

function periodPrice(subscription: Subscription): number {
  const item = subscription.items.data[0];
  return (item?.price.unit_amount ?? 0) * (item?.quantity ?? 1);
}

/** One payment attempt of an open invoice; answers whether it was paid. */
export function attemptPayment(state: StripeState, invoice: Invoice): boolean {
  invoice.attempt_count += 1;
  if (invoice.amount_due > 0 && !charge(state, invoice.customer)) {
    state.emit('invoice.payment_failed', invoice);
    return false;
  }
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  state.emit('invoice.paid', invoice);
  return true;
}
