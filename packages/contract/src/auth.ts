import { z } from 'zod';
import { orgCoverageSchema } from './billing.ts';

export const subscriptionStatusSchema = z.enum([
  'active',
  'pilot',
  'trial',
  'past_due',
  'canceled',
  'inactive',
  'incomplete',
  'incomplete_expired',
  'none',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** GET /api/me/ — the caller's profile and subscription state. */
export const profileSchema = z.object({
  username: z.string(),
  avatar_url: z.string().nullable(),
  subscription_status: subscriptionStatusSchema,
  subscription_end: z.string().nullable(),
  is_active_user: z.boolean(),
  cancel_at_period_end: z.boolean(),
  /** The Stripe subscription is in its trial (bought during the app's trial): the first charge is at subscription_end. */
  subscription_trialing: z.boolean().optional(),
  /** The organization's team plan that gives the fields above (the user's own subscription does not), else null. */
  covered_by: orgCoverageSchema.nullable().optional(),
  /**
   * A bought team plan that covers the user while they also pay for their own: Account offers to end the
   * personal plan at its period end (docs/billing.md, When plans overlap). Null otherwise.
   */
  also_covered_by: orgCoverageSchema.nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const refreshRequestSchema = z.object({ refresh: z.string().min(1, 'refresh is required') });
export const refreshResponseSchema = z.object({ access: z.string() });
export const logoutRequestSchema = z.object({
  refresh_token: z.string().min(1, 'refresh_token is required'),
});
/** POST /api/token/refresh/ answer: a new access token and the refresh token that replaces the spent one. */
export const tokenPairSchema = refreshResponseSchema.extend({ refresh: z.string() });
