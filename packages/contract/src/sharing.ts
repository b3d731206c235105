import { withoutControlCharacters } from './plain-text.ts';
import { z } from 'zod';
import { leadTimeResponseSchema, timeInStateResponseSchema } from './analytics.ts';
import { itemFilterQueryShape } from './filters.ts';
import { flowResponseSchema } from './flow.ts';
import { wholeNumber } from './numbers.ts';

/** How long a share link lives unless its creator says otherwise, and the longest it may. */
export const SHARE_LINK_DEFAULT_DAYS = 30;
export const SHARE_LINK_MAX_DAYS = 365;

const projectParam = z.string({ error: 'project is required' }).trim().min(1, 'project is required').max(200);

/** What a link shows: the board's analyses over this window, narrowed by the analyses' item filter. */
export const shareFiltersSchema = withoutControlCharacters(
  z.object({
    /** The window of every analysis, in days ending today. */
    days: wholeNumber('days', 1, 365).default(30),
    ...itemFilterQueryShape,
  }),
);
export type ShareFilters = z.output<typeof shareFiltersSchema>;
export type ShareFilterParams = z.input<typeof shareFiltersSchema>;

/** A link's filters as the API answers them: every list present (empty when off). */
const names = z.array(z.string());
export const shareFiltersAnswerSchema = z.object({
  days: z.number().int(),
  label: names,
  not_label: names,
  milestone: names,
  type: names,
  issue_type: names,
  field_value: names,
  repo: names,
  assignee: names,
  from: z.string().optional(),
  to: z.string().optional(),
  iteration: z.string().optional(),
});

/** POST /api/share-links/ */
export const createShareLinkRequestSchema = z.object({
  project: projectParam,
  filters: shareFiltersSchema.prefault({}),
  expires_in_days: wholeNumber('expires_in_days', 1, SHARE_LINK_MAX_DAYS).default(SHARE_LINK_DEFAULT_DAYS),
});

/** A link as its creator lists it: never the token, which only its hash is kept of. */
export const shareLinkSchema = z.object({
  id: z.string(),
  project: z.string(),
  project_title: z.string(),
  filters: shareFiltersAnswerSchema,
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The answer to creating a link: the only time its token (and so its address) is shown. */
export const createdShareLinkSchema = shareLinkSchema.extend({ token: z.string(), path: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

export const shareLinkIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** GET /api/shared/?token= — the token travels in the query, which the server's logs redact. */
export const sharedQuerySchema = z.object({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200),
});

/** What a shared view shows: the board's name, the link's settings and the analyses themselves. */
export const sharedAnalysesSchema = z.object({
  project_title: z.string(),
  filters: shareFiltersAnswerSchema,
  expires_at: z.string(),
  /** The board's time zone: the days of every series and the offset of every instant. */
  time_zone: z.string(),
  /** The board's calendar has weekends or holidays: durations are in working days. */
  days_off: z.boolean(),
  lead_time: leadTimeResponseSchema,
  time_in_state: timeInStateResponseSchema,
  flow: flowResponseSchema,
});
