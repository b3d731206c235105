import { z } from 'zod';
import { accountRoutes as r } from './account-routes.ts';
import { profileSchema } from './auth.ts';
import { projectSchema } from './projects.ts';
import { shareLinkSchema } from './sharing.ts';

/** A user's digest and alert choices of one board, as stored (docs/api.md, Account). */
export const notificationChoiceSchema = z.object({
  project_id: z.string(),
  title: z.string(),
  digest: z.boolean(),
  alerts: z.boolean(),
  by_email: z.boolean(),
  by_slack: z.boolean(),
  email: z.string().nullable(),
  locale: z.string().nullable(),
});

/** "Download my data": everything Fluxion keeps that is the user's own. */
export const accountDataSchema = z.object({
  exported_at: z.string(),
  user: z.object({
    username: z.string(),
    github_id: z.number(),
    avatar_url: z.string().nullable(),
    created_at: z.string(),
    personal_boards_connected: z.boolean(),
  }),
  subscription: profileSchema,
  /** The boards the user tracks, with their settings of each, as GET /api/projects/ answers them. */
  boards: z.array(projectSchema),
  notifications: z.array(notificationChoiceSchema),
  share_links: z.array(shareLinkSchema),
});
export type AccountData = z.infer<typeof accountDataSchema>;

const boardNameSchema = z.object({ project_id: z.string(), title: z.string(), full_name: z.string() });

/** What deleting the account removes and what stays (the confirmation says it; the deletion answers it). */
export const accountDeletionSchema = z.object({
  /** Boards only this user tracks: deleted with everything recorded of them. */
  deleted_boards: z.array(boardNameSchema),
  /** Boards others track too: they stay, with their history, for those users. */
  kept_boards: z.array(boardNameSchema),
  /** The personal plan is cancelled at the end of its period (no further charge); null: there is none to cancel. */
  plan_ends_at: z.string().nullable(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const accountEndpoints = {
  accountData: {
    ...r.accountData,
    summary:
      "Download my data: the user's profile, plan, tracked boards with their settings, notification choices and share links (JSON)",
    tag: 'Auth',
    auth: 'bearer',
    responses: { 200: accountDataSchema },
    rateLimited: true,
  },
  accountDeletion: {
    ...r.accountDeletion,
    summary: 'What deleting the account would remove and what would stay, for the confirmation',
    tag: 'Auth',
    auth: 'bearer',
    responses: { 200: accountDeletionSchema },
  },
  deleteAccount: {
    ...r.deleteAccount,
    summary:
      'Deletes the account: ends every sign-in, cancels the personal plan at period end, forgets (and revokes) GitHub tokens, removes settings, subscriptions and the boards only this user tracked',
    tag: 'Auth',
    auth: 'bearer',
    responses: { 200: accountDeletionSchema },
    rateLimited: true,
  },
} as const;
