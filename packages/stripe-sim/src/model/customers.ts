import { stripeId } from './ids.ts';
import type { StripeState } from './state.ts';
import type { Card, Customer, Metadata } from './types.ts';

export type NewCustomer = { email?: string | null; name?: string | null; metadata?: Metadata };

export function createCustomer(state: StripeState, input: NewCustomer): Customer {
  const customer: Customer = {
    id: stripeId('cus', 14),
    object: 'customer',
    created: state.clock.seconds(),
    email: input.email ?? null,
    name: input.name ?? null,
    metadata: input.metadata ?? {},
    invoice_settings: { default_payment_method: null },
    livemode: false,
  };
  state.customers.set(customer.id, customer);
  state.emit('customer.created', customer);
  return customer;
}

/** Puts a card on file as the customer's default payment method (checkout, the portal, the control API). */
export function attachCard(state: StripeState, customerId: string, card: Omit<Card, 'id'>): Card {
  const customer = state.customer(customerId);
  const stored: Card = { id: stripeId('pm'), ...card };
  state.cards.set(customerId, stored);
  const previous = { invoice_settings: { ...customer.invoice_settings } };
  customer.invoice_settings.default_payment_method = stored.id;
  state.emit('customer.updated', customer, previous);
  return stored;
}

export const TEST_CARD = { brand: 'visa', last4: '4242', declines: false } as const;

/** A charge against the customer's card: false when there is none or it declines. */
export function charge(state: StripeState, customerId: string): boolean {
  const card = state.cards.get(customerId);
  return card !== undefined && !card.declines;
}
