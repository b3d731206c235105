import { z } from 'zod';
import { canonicalLocale } from './format.ts';
import type { Endpoint } from './endpoints.ts';
import { notificationRoutes as r } from './notification-routes.ts';
import { projectIdParamsSchema } from './projects.ts';

/** How a job ended or stands (docs/operations.md, "Digest and alerts"). */
export const notificationStateSchema = z.enum([
  'pending',
  'sending',
  'sent',
  'failed',
  'dropped',
  'interrupted',
]);
export type NotificationState = z.infer<typeof notificationStateSchema>;

/** The last digest or alert of one channel, said as the settings show it. */
export const notificationStatusSchema = z.object({
  channel: z.enum(['email', 'slack']),
  state: notificationStateSchema,
  /** When it was created or last finished, ISO 8601. */
  at: z.string(),
  /** "last digest failed: SMTP refused — retrying" and the like. */
  message: z.string(),
});
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/** GET /api/projects/:id/notifications/: the caller's choices for the board and how sending went. */
export const notificationSettingsSchema = z.object({
  digest: z.boolean(),
  alerts: z.boolean(),
  by_email: z.boolean(),
  by_slack: z.boolean(),
  email: z.string().nullable(),
  /**
   * Whether `email` is confirmed the caller's (GitHub lists it verified, or its confirmation link was
   * followed) or waiting for its link; nothing is sent to it until it is confirmed. null: no address.
   */
  email_status: z.enum(['confirmed', 'waiting']).nullable(),
  /** The board's Slack channel: whether a webhook is set (its last characters), and whether the caller may change it. */
  slack: z.object({ configured: z.boolean(), hint: z.string().nullable(), may_change: z.boolean() }),
  /** False when this server has no SMTP server (SMTP_URL unset outside local mode). */
  email_available: z.boolean(),
  /** When the digest goes out, on the board's clock ("Mondays at 09:00 (Europe/Paris)"). */
  schedule: z.string(),
  /** The demo board sends nothing on its own; a test digest goes to the caller only. */
  is_demo: z.boolean(),
  status: z.object({
    digest: notificationStatusSchema.nullable(),
    alerts: notificationStatusSchema.nullable(),
    slack: notificationStatusSchema.nullable(),
  }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** POST /api/projects/:id/notifications/ */
export const saveNotificationSettingsSchema = z.object({
  digest: z.boolean(),
  alerts: z.boolean(),
  by_email: z.boolean(),
  by_slack: z.boolean(),
  email: z.email({ error: 'email must be an e-mail address' }).max(254).nullable(),
  /** The board's Slack incoming-webhook URL: a string sets it, null removes it, absent keeps it. */
  slack_webhook_url: z.string().trim().max(500).nullable().optional(),
  /**
   * The locale the caller reads their e-mails and Slack messages in (a BCP 47 tag, their browser's:
   * "en-GB"); absent keeps the one saved (en-US until one is).
   */
  locale: z
    .string()
    .max(35)
    .refine((tag) => canonicalLocale(tag) !== null, 'locale must be a BCP 47 language tag such as en-GB')
    .optional(),
});
export type SaveNotificationSettings = z.infer<typeof saveNotificationSettingsSchema>;

/** POST /api/projects/:id/notifications/test-digest/: what became of each channel's test digest. */
export const testDigestResultSchema = z.object({
  results: z.array(
    z.object({ channel: z.enum(['email', 'slack']), state: notificationStateSchema, message: z.string() }),
  ),
});
export type TestDigestResult = z.infer<typeof testDigestResultSchema>;

export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(1000),
});

export const notificationEndpoints = {
  notificationSettings: {
    ...r.notificationSettings,
    summary: "The caller's digest and alert settings for a board, and how the last ones went",
    tag: 'Projects',
    auth: 'bearer',
    params: projectIdParamsSchema,
    responses: { 200: notificationSettingsSchema },
  },
  saveNotificationSettings: {
    ...r.saveNotificationSettings,
    summary: "Saves the caller's digest and alert settings for a board (and the board's Slack webhook)",
    tag: 'Projects',
    auth: 'bearer',
    params: projectIdParamsSchema,
    body: saveNotificationSettingsSchema,
    responses: { 200: notificationSettingsSchema },
  },
  sendTestDigest: {
    ...r.sendTestDigest,
    summary:
      "Sends this week's digest of a board now, to the caller (and the board's Slack channel if chosen); each call sends one, NOTIFY_TEST_DIGESTS_PER_HOUR a user an hour",
    tag: 'Projects',
    auth: 'bearer',
    rateLimited: true,
    params: projectIdParamsSchema,
    responses: { 200: testDigestResultSchema },
  },
  resendEmailConfirmation: {
    ...r.resendEmailConfirmation,
    summary:
      "Sends the caller's digest address a new confirmation link (the earlier one stops working); one a minute per address, 10 a user an hour (429)",
    tag: 'Projects',
    auth: 'bearer',
    rateLimited: true,
    params: projectIdParamsSchema,
    responses: { 200: notificationSettingsSchema },
  },
  confirmEmailPage: {
    ...r.confirmEmailPage,
    summary: "An address's confirmation link: a page with one button (HTML), without sign-in",
    tag: 'Projects',
    auth: 'none',
    query: unsubscribeQuerySchema,
    responses: { 200: z.string() },
  },
  confirmEmail: {
    ...r.confirmEmail,
    summary:
      'Confirms a digest address (the signed link, 7 days, once): digests and alerts may then go to it; 400 for a link that expired or was used',
    tag: 'Projects',
    auth: 'none',
    query: unsubscribeQuerySchema,
    responses: { 200: z.string() },
  },
  unsubscribePage: {
    ...r.unsubscribePage,
    summary: "An e-mail's unsubscribe link: a page with one button (HTML), without sign-in",
    tag: 'Projects',
    auth: 'none',
    query: unsubscribeQuerySchema,
    responses: { 200: z.string() },
  },
  unsubscribe: {
    ...r.unsubscribe,
    summary: 'One-click unsubscribe (RFC 8058): turns that digest or those alerts off, without sign-in',
    tag: 'Projects',
    auth: 'none',
    query: unsubscribeQuerySchema,
    responses: { 200: z.string() },
  },
} as const satisfies Record<keyof typeof r, Endpoint>;
