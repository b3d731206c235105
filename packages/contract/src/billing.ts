import { z } from 'zod';

export const checkoutSessionResponseSchema = z.object({ id: z.string(), url: z.string().optional() });
export const cancelSubscriptionResponseSchema = z.object({ current_period_end: z.number() });
