import type { BillingPrice, InvoiceRow } from '@fluxion/contract';
import type Stripe from 'stripe';
import type { Billing } from './service.ts';
import { callStripe } from './stripe-client.ts';

/** The Price changes rarely (a new one is a new STRIPE_PRICE_ID): read once, again after ten minutes. */
const PRICE_TTL_MS = 10 * 60_000;
const cache = new WeakMap<Stripe, { at: number; price: BillingPrice }>();

export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

const TAX_NOTES: Record<string, string> = {
  inclusive: 'Tax included.',
  exclusive: 'Plus applicable tax, added at checkout.',
};

const INTERVALS = ['day', 'week', 'month', 'year'] as const;

/** Stripe's Price in the shape the pages show it. */
export function billingPrice(price: Stripe.Price): BillingPrice {
  const amount = price.unit_amount ?? 0;
  return {
    amount,
    currency: price.currency,
    interval: INTERVALS.find((interval) => interval === price.recurring?.interval) ?? 'month',
    display: formatMoney(amount, price.currency),
    tax_note: TAX_NOTES[price.tax_behavior ?? ''] ?? 'Plus applicable tax, added at checkout.',
  };
}

/** The one configured price (STRIPE_PRICE_ID), from Stripe, cached per process. */
export async function currentPrice(billing: Billing): Promise<BillingPrice> {
  const cached = cache.get(billing.stripe);
  const now = Date.now();
  if (cached && now - cached.at < PRICE_TTL_MS) return cached.price;
  const id = billing.ctx.config.stripe.priceId;
  const price = billingPrice(await callStripe(() => billing.stripe.prices.retrieve(id)));
  cache.set(billing.stripe, { at: now, price });
  return price;
}

/** A Stripe invoice as the Account page lists it. */
export function invoiceRow(invoice: Stripe.Invoice): InvoiceRow {
  const amount = invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due;
  return {
    id: invoice.id ?? '',
    date: new Date(invoice.created * 1000).toISOString(),
    amount,
    currency: invoice.currency,
    display: formatMoney(amount, invoice.currency),
    status: invoice.status ?? 'draft',
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
  };
}

/** A customer's last invoices, newest first (none without a customer). */
export async function customerInvoices(billing: Billing, customer: string | null): Promise<InvoiceRow[]> {
  if (!customer) return [];
  const list = await callStripe(() => billing.stripe.invoices.list({ customer, limit: 24 }));
  return list.data.map(invoiceRow);
}
