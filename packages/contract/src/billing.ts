import { z } from 'zod';

export const checkoutSessionResponseSchema = z.object({ id: z.string(), url: z.string().optional() });
export const cancelSubscriptionResponseSchema = z.object({ current_period_end: z.number() });

/** POST /api/confirm-checkout-session/: the buyer is back from Checkout with the session Stripe named in the URL. */
export const confirmCheckoutRequestSchema = z.object({
  session_id: z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'session_id must be a Checkout session id (cs_…)'),
});
export type ConfirmCheckoutRequest = z.infer<typeof confirmCheckoutRequestSchema>;
export const portalSessionResponseSchema = z.object({ url: z.string() });
export const reactivateSubscriptionResponseSchema = z.object({
  cancel_at_period_end: z.boolean(),
  current_period_end: z.number(),
});

/**
 * The price in sight: Stripe's Price of Fluxion Analytics Pro, read by the server and cached. `amount` in the
 * currency's minor unit (cents); the team plan charges it per seat. `tax_note` says whether tax comes on top.
 */
export const billingPriceSchema = z.object({
  amount: z.number().int(),
  currency: z.string(),
  interval: z.enum(['day', 'week', 'month', 'year']),
  /** "$12.00", ready to show. */
  display: z.string(),
  tax_note: z.string(),
});
export type BillingPrice = z.infer<typeof billingPriceSchema>;

/** One past invoice as Stripe has it: when, how much, paid or not, and Stripe's page for it. */
export const invoiceSchema = z.object({
  id: z.string(),
  date: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  display: z.string(),
  status: z.string(),
  hosted_invoice_url: z.string().nullable(),
});
export const invoicesResponseSchema = z.object({ invoices: z.array(invoiceSchema) });
export type InvoiceRow = z.infer<typeof invoiceSchema>;

/** The team plan that covers a member: which organization, its state, and who manages it. */
export const orgCoverageSchema = z.object({
  org: z.string(),
  status: z.string(),
  end: z.string().nullable(),
  managers: z.array(z.string()),
  is_manager: z.boolean(),
});
export type OrgCoverage = z.infer<typeof orgCoverageSchema>;

/** An organization's team plan as the Account page shows it to one user. */
export const orgPlanSchema = z.object({
  org: z.string(),
  /** As the profile's subscription_status: trial (the app's, no card), active, past_due, canceled… */
  status: z.string(),
  /** The trial's end, or the paid period's end (ISO). */
  end: z.string().nullable(),
  /** Bought within the trial: Stripe charges first at `end`. */
  trialing: z.boolean(),
  is_active: z.boolean(),
  cancel_at_period_end: z.boolean(),
  purchased: z.boolean(),
  /** Members who used Fluxion on the organization's boards in the current period, and what Stripe bills. */
  seats: z.number().int(),
  billed_seats: z.number().int(),
  managers: z.array(z.string()),
  /** Whether this user may buy, cancel, reactivate and change the card (an owner on GitHub or a named manager). */
  is_manager: z.boolean(),
  /** Whether GitHub lists this user as an owner of the organization: only owners name billing managers. */
  is_owner: z.boolean(),
  /** When the Fluxion GitHub App was removed from the organization (the plan goes on until cancelled). */
  app_removed_at: z.string().nullable(),
  /**
   * GitHub would not tell whether this user owns the organization: the GitHub App lacks the organization
   * permission Members: read there (docs/billing.md, Managers). They are no manager until it has it.
   */
  owner_unverifiable: z.boolean(),
  /**
   * Managers only (empty for others): the members who pay for a personal plan now. They hold no seat while it
   * lasts (nobody pays twice); each may end it at its period end on Account, and then holds a seat.
   */
  paying_personally: z
    .array(z.object({ login: z.string(), until: z.string().nullable(), cancel_at_period_end: z.boolean() }))
    .optional(),
});
export type OrgPlan = z.infer<typeof orgPlanSchema>;
export const orgPlansResponseSchema = z.object({ plans: z.array(orgPlanSchema) });
export const orgParamsSchema = z.object({
  org: z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'org must be a GitHub organization login'),
});
export const addManagerRequestSchema = z.object({
  login: z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'login must be a GitHub login'),
});
