import { StripeError } from './errors.ts';
import { stripeId } from './ids.ts';
import { attemptPayment, billPeriod, invoiceLine, issueInvoice } from './invoices.ts';
import { periodEnd } from './periods.ts';
import type { StripeState } from './state.ts';
import type { Metadata, Price, Subscription } from './types.ts';

export type NewSubscription = {
  customer: string;
  price: Price;
  quantity: number;
  metadata: Metadata;
  /** A trial until then (Unix seconds): the subscription is `trialing` and the first charge waits. */
  trialEnd?: number | null;
};

const TRACKED = [
  'status',
  'cancel_at_period_end',
  'cancel_at',
  'canceled_at',
  'ended_at',
  'latest_invoice',
] as const;
type Tracked = Pick<Subscription, (typeof TRACKED)[number]> & { period?: [number, number] };

function snapshot(sub: Subscription): Tracked {
  const item = sub.items.data[0];
  const tracked: Tracked = {
    status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end,
    cancel_at: sub.cancel_at,
    canceled_at: sub.canceled_at,
    ended_at: sub.ended_at,
    latest_invoice: sub.latest_invoice,
  };
  return item ? { ...tracked, period: [item.current_period_start, item.current_period_end] } : tracked;
}

/** Stripe's `previous_attributes`: the old values of what changed. */
function previousAttributes(before: Tracked, after: Subscription): Record<string, unknown> {
  const now = snapshot(after);
  const previous: Record<string, unknown> = {};
  for (const key of TRACKED) if (before[key] !== now[key]) previous[key] = before[key];
  if (before.period && now.period && before.period[1] !== now.period[1]) {
    previous.items = {
      data: [{ current_period_start: before.period[0], current_period_end: before.period[1] }],
    };
  }
  return previous;
}

/** Runs a change and emits `customer.subscription.updated` (or `.deleted` once it ended) if anything changed. */
export function changeSubscription(state: StripeState, sub: Subscription, change: () => void): void {
  const before = snapshot(sub);
  change();
  const previous = previousAttributes(before, sub);
  if (Object.keys(previous).length === 0) return;
  const type = sub.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated';
  state.emit(type, sub, type === 'customer.subscription.updated' ? previous : undefined);
}

/**
 * A subscription starting now, as Checkout creates it: paid at once, or trialing until `trialEnd` with a zero
 * invoice, as Stripe bills a trial.
 */
export function createSubscription(state: StripeState, input: NewSubscription): Subscription {
  const now = state.clock.seconds();
  const trialEnd = input.trialEnd ?? null;
  const id = stripeId('sub');
  const sub: Subscription = {
    id,
    object: 'subscription',
    created: now,
    start_date: now,
    customer: input.customer,
    status: trialEnd === null ? 'active' : 'trialing',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    trial_start: trialEnd === null ? null : now,
    trial_end: trialEnd,
    collection_method: 'charge_automatically',
    currency: input.price.currency,
    default_payment_method: state.customer(input.customer).invoice_settings.default_payment_method,
    latest_invoice: null,
    metadata: input.metadata,
    items: {
      object: 'list',
      data: [],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    livemode: false,
  };
  const end = trialEnd ?? periodEnd(now, input.price.recurring);
  sub.items.data.push({
    id: stripeId('si'),
    object: 'subscription_item',
    created: now,
    price: input.price,
    quantity: input.quantity,
    subscription: id,
    current_period_start: now,
    current_period_end: end,
  });
  state.subscriptions.set(id, sub);
  const invoice = billPeriod(state, sub, 'subscription_create', trialEnd === null ? undefined : 0);
  if (invoice.status !== 'paid') sub.status = 'incomplete';
  state.emit('customer.subscription.created', sub);
  return sub;
}

export function setCancelAtPeriodEnd(state: StripeState, sub: Subscription, cancel: boolean): Subscription {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    throw new StripeError(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details and metadata.',
    );
  }
  const end = sub.items.data[0]?.current_period_end ?? null;
  changeSubscription(state, sub, () => {
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? end : null;
    sub.canceled_at = cancel ? state.clock.seconds() : null;
  });
  return sub;
}

/** Ends the subscription now: `customer.subscription.deleted`. */
export function endSubscription(state: StripeState, sub: Subscription, at = state.clock.seconds()): void {
  if (sub.status === 'canceled') return;
  changeSubscription(state, sub, () => {
    sub.status = 'canceled';
    sub.ended_at = at;
    sub.canceled_at ??= at;
  });
}

/**
 * Whether a period's end bills the next: not once ended or never started, and not while unpaid (Stripe
 * then leaves its invoices unattempted; the simulator makes none).
 */
const renews = (sub: Subscription) =>
  sub.status !== 'canceled' && sub.status !== 'unpaid' && !sub.status.startsWith('incomplete');

/** What happens at the end of a period: the subscription ends, or the next period is billed. */
export function renewSubscription(state: StripeState, sub: Subscription): void {
  const item = sub.items.data[0];
  if (!item || !renews(sub)) return;
  if (sub.cancel_at_period_end) {
    endSubscription(state, sub, item.current_period_end);
    return;
  }
  changeSubscription(state, sub, () => {
    item.current_period_start = item.current_period_end;
    item.current_period_end = periodEnd(item.current_period_start, item.price.recurring);
    const invoice = billPeriod(state, sub, 'subscription_cycle');
    sub.status = invoice.status === 'paid' ? 'active' : 'past_due';
  });
}

/** After a new card: retries the open invoices of past-due subscriptions, as Stripe's smart retries would. */
export function retryOpenInvoices(state: StripeState, customerId: string): void {
  for (const sub of state.subscriptions.values()) {
    const invoice = sub.latest_invoice ? state.invoices.get(sub.latest_invoice) : undefined;
    if (sub.customer !== customerId || sub.status !== 'past_due' || invoice?.status !== 'open') continue;
    changeSubscription(state, sub, () => {
      if (attemptPayment(state, invoice)) sub.status = 'active';
    });
  }
}

/** Renews every subscription whose period ended by the simulator's now. */
export function settleDueSubscriptions(state: StripeState): void {
  const now = state.clock.seconds();
  for (const sub of state.subscriptions.values()) {
    for (let guard = 0; guard < 1000; guard += 1) {
      const end = sub.items.data[0]?.current_period_end ?? Number.POSITIVE_INFINITY;
      if (!renews(sub) || end > now) break;
      renewSubscription(state, sub);
    }
  }
}

export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none';

/**
 * Stripe's proration of a quantity change at `now`: the unused time of the old quantity is credited and the
 * rest of the period charged at the new one, i.e. unit × (new − old) × remaining / period, rounded to the cent.
 */
export function prorationAmount(input: {
  unitAmount: number;
  from: number;
  to: number;
  periodStart: number;
  periodEnd: number;
  now: number;
}): number {
  const length = input.periodEnd - input.periodStart;
  if (length <= 0 || input.now >= input.periodEnd) return 0;
  const remaining = Math.min(length, input.periodEnd - input.now);
  return Math.round((input.unitAmount * (input.to - input.from) * remaining) / length);
}

/**
 * `POST /v1/subscriptions/{id}` with `items[0][quantity]`: seats change now. A trialing subscription has
 * nothing to prorate (its period costs 0); otherwise the proration waits for the next invoice
 * (`create_prorations`, Stripe's default), is invoiced now (`always_invoice`) or is not made (`none`).
 */
export function changeQuantity(
  state: StripeState,
  sub: Subscription,
  quantity: number,
  behavior: ProrationBehavior,
): Subscription {
  const item = sub.items.data[0];
  if (!item) throw new StripeError(400, 'invalid_request_error', 'The subscription has no items.');
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    throw new StripeError(400, 'invalid_request_error', 'A canceled subscription cannot be updated.');
  }
  if (!Number.isInteger(quantity) || quantity < 0) {
    throw new StripeError(
      400,
      'invalid_request_error',
      'Invalid integer: items[0][quantity]',
      'parameter_invalid_integer',
      'items[0][quantity]',
    );
  }
  const from = item.quantity;
  if (from === quantity) return sub;
  const now = state.clock.seconds();
  const amount =
    sub.status === 'trialing' || behavior === 'none'
      ? 0
      : prorationAmount({
          unitAmount: item.price.unit_amount,
          from,
          to: quantity,
          periodStart: item.current_period_start,
          periodEnd: item.current_period_end,
          now,
        });
  item.quantity = quantity;
  state.emit('customer.subscription.updated', sub, { items: { data: [{ quantity: from }] } });
  if (amount === 0) return sub;
  const line = invoiceLine(
    sub,
    {
      amount,
      description: `Proration: ${from} → ${quantity} × Fluxion Analytics Pro`,
      quantity: quantity - from,
      proration: true,
    },
    { start: now, end: item.current_period_end },
  );
  if (behavior === 'always_invoice') issueInvoice(state, sub, 'subscription_update', [line]);
  else state.pendingLines.set(sub.id, [...(state.pendingLines.get(sub.id) ?? []), line]);
  return sub;
}
