import type { SimClock } from './clock.ts';
import { noSuch } from './errors.ts';
import type {
  Card,
  CheckoutSession,
  Customer,
  Invoice,
  InvoiceLine,
  Metadata,
  PortalSession,
  Price,
  StripeEvent,
  StripeObject,
  Subscription,
} from './types.ts';
import { stripeId } from './ids.ts';

export const API_VERSION = '2026-10-28.endive';

export type FailedPaymentOutcome = 'cancel' | 'unpaid' | 'past_due';
export const FAILED_PAYMENT_OUTCOMES: FailedPaymentOutcome[] = ['cancel', 'unpaid', 'past_due'];

/** What a checkout session will subscribe to once paid (Stripe keeps line items apart from the session). */
export type SessionOrder = {
  price: Price;
  quantity: number;
  subscriptionMetadata: Metadata;
  /** `subscription_data[trial_end]`: the first charge waits until then (Unix seconds). */
  trialEnd: number | null;
};

type Lookup<T> = { map: Map<string, T>; kind: string };

/** Everything the simulator knows, and the one place events are emitted from. */
export class StripeState {
  /** Where the hosted pages live: the simulator's own address, known once it listens. */
  publicUrl = '';
  readonly prices = new Map<string, Price>();
  readonly customers = new Map<string, Customer>();
  /** The card on file, by customer id. */
  readonly cards = new Map<string, Card>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly orders = new Map<string, SessionOrder>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  /** Prorations waiting for the subscription's next invoice (`proration_behavior=create_prorations`). */
  readonly pendingLines = new Map<string, InvoiceLine[]>();
  readonly portals = new Map<string, PortalSession>();
  readonly events: StripeEvent[] = [];
  readonly listeners = new Set<(event: StripeEvent) => void>();
  /**
   * The account's Billing setting "if all retries for a payment fail": cancel the subscription (the
   * simulator's default), mark it unpaid, or leave it past due.
   */
  failedPaymentOutcome: FailedPaymentOutcome = 'cancel';

  constructor(readonly clock: SimClock) {}

  /** Records an event with a snapshot of the object as it is now, and hands it to the webhook dispatcher. */
  emit(type: string, object: StripeObject, previous?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.clock.seconds(),
      type,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    this.events.push(event);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  find<T>(lookup: Lookup<T>, id: string, param = 'id'): T {
    const found = lookup.map.get(id);
    if (!found) throw noSuch(lookup.kind, id, param);
    return found;
  }

  customer(id: string, param = 'customer'): Customer {
    return this.find({ map: this.customers, kind: 'customer' }, id, param);
  }

  subscription(id: string): Subscription {
    return this.find({ map: this.subscriptions, kind: 'subscription' }, id);
  }

  invoice(id: string): Invoice {
    return this.find({ map: this.invoices, kind: 'invoice' }, id);
  }

  session(id: string): CheckoutSession {
    return this.find({ map: this.sessions, kind: 'checkout.session' }, id);
  }

  price(id: string, param = 'price'): Price {
    return this.find({ map: this.prices, kind: 'price' }, id, param);
  }
}
