import { z } from 'zod';

/**
 * An organization's own webhook (docs/github.md, "Organization webhooks"): where GitHub sends it and
 * whether its secret is set in Fluxion. The secret itself is never answered.
 */
export const orgWebhookSchema = z.object({
  org: z.string(),
  payload_url: z.string(),
  content_type: z.literal('application/json'),
  events: z.array(z.enum(['projects_v2_item', 'sub_issues', 'issue_dependencies'])),
  secret_set: z.boolean(),
  set_by: z.string().nullable(),
  set_at: z.string().nullable(),
  /** Whether the asking user may set the secret: GitHub says they own the organization. */
  can_set: z.boolean(),
});
export type OrgWebhook = z.infer<typeof orgWebhookSchema>;

/** The secret the organization's webhook on GitHub is set up with (the same value in both places). */
export const orgWebhookSecretRequestSchema = z.object({
  secret: z
    .string()
    .min(16, 'secret must be at least 16 characters')
    .max(256, 'secret must be at most 256 characters')
    .refine((s) => s.trim() === s, 'secret must not start or end with a space'),
});
