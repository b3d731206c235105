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
