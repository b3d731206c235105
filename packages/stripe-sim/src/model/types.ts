/** The Stripe objects the simulator keeps, in the shape Stripe's API answers them (times in Unix seconds). */
export type Metadata = Record<string, string>;

export type Price = {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  type: 'recurring';
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number; usage_type: 'licensed' };
  billing_scheme: 'per_unit';
  /** How tax is added: `exclusive` (on top of the price, as Stripe Tax does for a US seller), or `unspecified`. */
  tax_behavior: 'exclusive' | 'inclusive' | 'unspecified';
  nickname: string | null;
  product: string;
  livemode: false;
};

export type Customer = {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
};

/** A card on file; `declines` makes every charge fail (the control API's "payment failure"). */
export type Card = { id: string; brand: string; last4: string; declines: boolean };

export type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  created: number;
  expires_at: number;
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  subscription: string | null;
  invoice: string | null;
  livemode: false;
};

export type SubscriptionItem = {
  id: string;
  object: 'subscription_item';
  created: number;
  price: Price;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
};

export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'unpaid';

export type Subscription = {
  id: string;
  object: 'subscription';
  created: number;
  start_date: number;
  customer: string;
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  collection_method: 'charge_automatically';
  currency: string;
  default_payment_method: string | null;
  latest_invoice: string | null;
  metadata: Metadata;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
  livemode: false;
};

export type Invoice = {
  id: string;
  object: 'invoice';
  created: number;
  customer: string;
  status: 'open' | 'paid' | 'void';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  /** Stripe's page where the customer sees (and pays) the invoice. */
  hosted_invoice_url: string;
  number: string;
  /** Every line's amount added up; negative for a credit (proration of fewer seats). */
  total: number;
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false };
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  /** When Stripe will try the card again (Unix seconds); null when paid, void or out of retries. */
  next_payment_attempt: number | null;
  currency: string;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
  };
  livemode: false;
};

/** One line of an invoice: a period of the price, or a proration of a quantity change. */
export type InvoiceLine = {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  quantity: number;
  period: { start: number; end: number };
  parent: { type: 'subscription_item_details'; subscription_item_details: { proration: boolean } };
};

export type PortalSession = {
  id: string;
  object: 'billing_portal.session';
  created: number;
  customer: string;
  return_url: string | null;
  url: string;
  livemode: false;
};

export type StripeObject = Customer | CheckoutSession | Subscription | Invoice | PortalSession;

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
};
