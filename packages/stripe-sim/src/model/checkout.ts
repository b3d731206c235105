import { attachCard, createCustomer, TEST_CARD } from './customers.ts';
import { invalidParam, StripeError } from './errors.ts';
import { stripeId } from './ids.ts';
import type { StripeState } from './state.ts';
import { createSubscription } from './subscriptions.ts';
import type { CheckoutSession, Metadata, Price } from './types.ts';

export type NewCheckoutSession = {
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  successUrl: string;
  cancelUrl: string | null;
  price: Price;
  quantity: number;
  subscriptionMetadata: Metadata;
  trialEnd: number | null;
};

const DAY = 86_400;
/** Stripe refuses a Checkout trial that ends sooner than this. */
const MIN_TRIAL_SECONDS = 2 * DAY;

function checkTrialEnd(trialEnd: number | null, now: number): void {
  if (trialEnd !== null && trialEnd < now + MIN_TRIAL_SECONDS) {
    throw invalidParam(
      'subscription_data[trial_end]',
      'The `trial_end` date has to be at least 2 days in the future.',
    );
  }
}

export function createCheckoutSession(state: StripeState, input: NewCheckoutSession): CheckoutSession {
  if (input.customer) state.customer(input.customer);
  const now = state.clock.seconds();
  checkTrialEnd(input.trialEnd, now);
  const id = stripeId('cs_test', 58);
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    created: now,
    expires_at: now + DAY,
    mode: 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    customer: input.customer,
    customer_email: input.customerEmail,
    client_reference_id: input.clientReferenceId,
    metadata: input.metadata,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    url: `${state.publicUrl}/c/pay/${id}`,
    subscription: null,
    invoice: null,
    livemode: false,
  };
  state.sessions.set(id, session);
  const { price, quantity, subscriptionMetadata, trialEnd } = input;
  state.orders.set(id, { price, quantity, subscriptionMetadata, trialEnd });
  return session;
}

/** Stripe puts the session id where the URL asks for it. */
export function redirectUrl(template: string, sessionId: string): string {
  return template.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
}

function openSession(state: StripeState, id: string): CheckoutSession {
  const session = state.session(id);
  if (session.status !== 'open') {
    throw new StripeError(400, 'invalid_request_error', `This Checkout Session is ${session.status}.`);
  }
  if (session.expires_at <= state.clock.seconds()) session.status = 'expired';
  if (session.status === 'expired') {
    throw new StripeError(400, 'invalid_request_error', 'This Checkout Session has expired.');
  }
  return session;
}

/**
 * "Pay" on the hosted page: card on file, subscription created and paid (or trialing, charged when the trial
 * ends), session complete. Answers the success URL.
 */
export function payCheckoutSession(state: StripeState, id: string): string {
  const session = openSession(state, id);
  const order = state.orders.get(id);
  if (!order) throw new StripeError(500, 'api_error', 'The session has no line items');
  const customer = session.customer ?? createCustomer(state, { email: session.customer_email }).id;
  session.customer = customer;
  attachCard(state, customer, { ...TEST_CARD, declines: state.cards.get(customer)?.declines ?? false });
  const sub = createSubscription(state, {
    customer,
    price: order.price,
    quantity: order.quantity,
    metadata: order.subscriptionMetadata,
    trialEnd: order.trialEnd,
  });
  if (sub.status === 'incomplete') {
    throw new StripeError(402, 'card_error', 'Your card was declined.', 'card_declined');
  }
  session.status = 'complete';
  session.payment_status = sub.status === 'trialing' ? 'no_payment_required' : 'paid';
  session.subscription = sub.id;
  session.invoice = sub.latest_invoice;
  session.url = null;
  state.emit('checkout.session.completed', session);
  return redirectUrl(session.success_url, id);
}

/** "Cancel" (back) on the hosted page: nothing changes, the session stays open. Answers the cancel URL. */
export function leaveCheckoutSession(state: StripeState, id: string): string {
  const session = state.session(id);
  return redirectUrl(session.cancel_url ?? session.success_url, id);
}
