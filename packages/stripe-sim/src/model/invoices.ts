import { charge } from './customers.ts';
import { stripeId } from './ids.ts';
import type { StripeState } from './state.ts';
import type { Invoice, InvoiceLine, Subscription } from './types.ts';

export type NewLine = { amount: number; description: string; quantity: number; proration: boolean };

export function invoiceLine(
  subscription: Subscription,
  line: NewLine,
  period: { start: number; end: number },
): InvoiceLine {
  return {
    id: stripeId('il'),
    object: 'line_item',
    amount: line.amount,
    currency: subscription.currency,
    description: line.description,
    quantity: line.quantity,
    period,
    parent: { type: 'subscription_item_details', subscription_item_details: { proration: line.proration } },
  };
}

/** The line of a whole period of the subscription's price: quantity × unit amount (0 for a trial). */
function periodLine(subscription: Subscription, amount: number | undefined): InvoiceLine {
  const item = subscription.items.data[0];
  const quantity = item?.quantity ?? 1;
  const trial = amount === 0;
  const full = (item?.price.unit_amount ?? 0) * quantity;
  return invoiceLine(
    subscription,
    {
      amount: amount ?? full,
      description: `${quantity} × Fluxion Analytics Pro${trial ? ' (trial)' : ''}`,
      quantity,
      proration: false,
    },
    { start: item?.current_period_start ?? 0, end: item?.current_period_end ?? 0 },
  );
}

/**
 * Bills the subscription's current period (with the prorations waiting for it) and tries the card: emits
 * `invoice.paid` or `invoice.payment_failed`. A trial's period is billed `amount` 0, which is paid without a charge.
 */
export function billPeriod(
  state: StripeState,
  subscription: Subscription,
  reason: Invoice['billing_reason'],
  amount?: number,
): Invoice {
  const pending = state.pendingLines.get(subscription.id) ?? [];
  state.pendingLines.delete(subscription.id);
  return issueInvoice(state, subscription, reason, [...pending, periodLine(subscription, amount)]);
}

/** An invoice of these lines, created and paid at once (what `always_invoice` and renewals do). */
export function issueInvoice(
  state: StripeState,
  subscription: Subscription,
  reason: Invoice['billing_reason'],
  lines: InvoiceLine[],
): Invoice {
  const item = subscription.items.data[0];
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  // A negative total is a credit: Stripe puts it on the customer's balance and asks nothing.
  const due = Math.max(0, total);
  const id = stripeId('in');
  const invoice: Invoice = {
    id,
    object: 'invoice',
    created: state.clock.seconds(),
    customer: subscription.customer,
    status: 'open',
    billing_reason: reason,
    amount_due: due,
    amount_paid: 0,
    amount_remaining: due,
    attempt_count: 0,
    next_payment_attempt: null,
    currency: subscription.currency,
    period_start: item?.current_period_start ?? state.clock.seconds(),
    period_end: item?.current_period_end ?? state.clock.seconds(),
    hosted_invoice_url: `${state.publicUrl}/i/${id}`,
    number: `SIM-${String(state.invoices.size + 1).padStart(4, '0')}`,
    total,
    lines: { object: 'list', data: lines, has_more: false },
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

const DAY = 86_400;
/** Stripe's recommended Smart Retries policy: 8 retries within 2 weeks of the first failure. */
export const RETRIES = 8;
export const RETRY_WINDOW_DAYS = 14;

/**
 * When Stripe tries a failed invoice again: retry n (1…8) spread evenly over the 14 days after its first
 * attempt (the invoice's creation); none for a subscription's first invoice (the customer must act within
 * 23 hours) or once the retries are spent.
 */
export function nextAttempt(invoice: Invoice): number | null {
  const retriesMade = invoice.attempt_count - 1;
  if (invoice.billing_reason === 'subscription_create' || retriesMade >= RETRIES) return null;
  return invoice.created + Math.round((RETRY_WINDOW_DAYS * (retriesMade + 1) * DAY) / RETRIES);
}

/** One payment attempt of an open invoice; answers whether it was paid. */
export function attemptPayment(state: StripeState, invoice: Invoice): boolean {
  invoice.attempt_count += 1;
  if (invoice.amount_due > 0 && !charge(state, invoice.customer)) {
    invoice.next_payment_attempt = nextAttempt(invoice);
    state.emit('invoice.payment_failed', invoice);
    return false;
  }
  invoice.next_payment_attempt = null;
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  state.emit('invoice.paid', invoice);
  return true;
}

/** `GET /v1/invoices`: newest first, by customer and/or subscription. */
export function listInvoices(
  state: StripeState,
  filter: { customer: string | null; subscription: string | null; limit: number },
): Invoice[] {
  return [...state.invoices.values()]
    .filter((invoice) => !filter.customer || invoice.customer === filter.customer)
    .filter(
      (invoice) =>
        !filter.subscription || invoice.parent.subscription_details.subscription === filter.subscription,
    )
    .reverse()
    .slice(0, filter.limit);
}
