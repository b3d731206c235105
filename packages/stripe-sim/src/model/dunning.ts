import { attemptPayment } from './invoices.ts';
import type { StripeState } from './state.ts';
import { changeSubscription, endSubscription } from './subscriptions.ts';
import type { Invoice, Subscription } from './types.ts';

/** "A successful payment needs to be made within 23 hours to activate the subscription." */
export const INCOMPLETE_SECONDS = 23 * 60 * 60;

const latestOpenInvoice = (state: StripeState, sub: Subscription): Invoice | undefined => {
  const invoice = sub.latest_invoice ? state.invoices.get(sub.latest_invoice) : undefined;
  return invoice?.status === 'open' ? invoice : undefined;
};

/** After the last retry failed: canceled, unpaid or left past due, as the account's setting says. */
function afterLastRetry(state: StripeState, sub: Subscription, at: number): void {
  if (state.failedPaymentOutcome === 'cancel') endSubscription(state, sub, at);
  else if (state.failedPaymentOutcome === 'unpaid')
    changeSubscription(state, sub, () => {
      sub.status = 'unpaid';
    });
}

/** Runs the retries of a past-due subscription's open invoice that fell due by `now`. */
function retryPastDue(state: StripeState, sub: Subscription, now: number): void {
  const invoice = latestOpenInvoice(state, sub);
  while (invoice && invoice.next_payment_attempt !== null && invoice.next_payment_attempt <= now) {
    const due = invoice.next_payment_attempt;
    let paid = false;
    changeSubscription(state, sub, () => {
      paid = attemptPayment(state, invoice);
      if (paid) sub.status = 'active';
    });
    if (paid) return;
    if (invoice.next_payment_attempt === null) afterLastRetry(state, sub, due);
  }
}

function expireIncomplete(state: StripeState, sub: Subscription): void {
  const invoice = latestOpenInvoice(state, sub);
  changeSubscription(state, sub, () => {
    sub.status = 'incomplete_expired';
  });
  if (!invoice) return;
  invoice.status = 'void';
  invoice.next_payment_attempt = null;
  state.emit('invoice.voided', invoice);
}

/**
 * Stripe's clock-driven rules, run as the simulator's clock passes them: an `incomplete` subscription whose
 * first invoice is not paid within 23 hours becomes `incomplete_expired` (its invoice void); a past-due
 * invoice is retried on the Smart Retries schedule (`nextAttempt`), and after the last failure the
 * subscription is canceled, marked unpaid or left past due (`failedPaymentOutcome`); an open Checkout
 * Session expires at `expires_at` with `checkout.session.expired`.
 */
export function settleDunning(state: StripeState): void {
  const now = state.clock.seconds();
  for (const sub of state.subscriptions.values()) {
    if (sub.status === 'incomplete' && now >= sub.created + INCOMPLETE_SECONDS) expireIncomplete(state, sub);
    else if (sub.status === 'past_due') retryPastDue(state, sub, now);
  }
  for (const session of state.sessions.values()) {
    if (session.status !== 'open' || session.expires_at > now) continue;
    session.status = 'expired';
    session.url = null;
    state.emit('checkout.session.expired', session);
  }
}
