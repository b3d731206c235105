/** The Stripe objects the simulator keeps, in the shape Stripe's API answers them (times in Unix seconds). */
export type Metadata = Record<string, string>;

export type Price = {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  type: 'recurring';
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number };
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
  status: 'open' | 'paid';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  currency: string;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
  };
  livemode: false;
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
