import { z } from 'zod';
import { projectParam } from './analytics.ts';

/** GET /api/item/: one item of a board, by its GitHub node id. */
export const itemHistoryQuerySchema = z.object({
  project: projectParam,
  item: z.string({ error: 'item is required' }).trim().min(1, 'item is required').max(200),
});
export type ItemHistoryQuery = z.infer<typeof itemHistoryQuerySchema>;

/**
 * How a move was learnt: GitHub's webhook, the collector's poll, the first listing of the board
 * (`listing`), the import of past moves from the issues' timelines (`import`), the demo's history, or
 * reconstructed from what GitHub kept after losing the move (`estimated`: docs/metrics.md, "Reconstructed
 * histories").
 */
export const moveSourceSchema = z.enum(['webhook', 'poll', 'listing', 'import', 'demo', 'estimated']);
export type MoveSource = z.infer<typeof moveSourceSchema>;

/**
 * What an estimated move rests on (docs/metrics.md, "Reconstructed histories"): the item joined the board
 * (`added`; `added_only` when nothing tells its start), was assigned, a linked pull request was opened, a label saying work is under way was put on
 * (`labeled`), the issue was closed, closed by a linked pull request's merge (`pr_merged`), or reopened.
 */
export const estimateBasisSchema = z.enum([
  'added',
  'added_only',
  'assigned',
  'pr_opened',
  'labeled',
  'closed',
  'pr_merged',
  'reopened',
]);
export type EstimateBasisName = z.infer<typeof estimateBasisSchema>;

/** GET /api/item/ response: the item page (docs/metrics.md, "The item page"). */
export const itemHistorySchema = z.object({
  item: z.object({
    id: z.string(),
    number: z.number().int().nullable(),
    title: z.string(),
    url: z.string().nullable(),
    /** Its column now; null: off the board. */
    column: z.string().nullable(),
    labels: z.array(z.string()),
  }),
  columns: z.array(z.string()),
  cycle_start_column: z.string().nullable(),
  /** Every recorded move of the item, oldest first, with how it was learnt. */
  moves: z.array(
    z.object({
      from: z.string().nullable(),
      to: z.string().nullable(),
      at: z.string(),
      source: moveSourceSchema,
      /** An estimated move's evidence; absent for a recorded one. */
      basis: estimateBasisSchema.optional(),
    }),
  ),
  /** Time in each column it stayed in (done aside), board order; `stays`: how many times it was there. */
  time_in_column: z.array(z.object({ column: z.string(), days: z.number(), stays: z.number().int() })),
  /** When it was blocked (blocked label, field value or an open issue blocking it); `end` null while it still is. */
  blocked: z.array(z.object({ start: z.string(), end: z.string().nullable(), days: z.number() })),
  blocked_days: z.number(),
  /** The open issues blocking it now (issue dependencies, "blocked by"), and since when each does. */
  blocked_by: z.array(
    z.object({
      number: z.number().int(),
      /** `owner/name` */
      repository: z.string(),
      title: z.string(),
      url: z.string(),
      since: z.string(),
    }),
  ),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  lead_time_days: z.number().nullable(),
  cycle_time_days: z.number().nullable(),
  /** In progress: days since its cycle start; `age_is_minimum`: at least (its start was lost). */
  age_days: z.number().nullable(),
  age_is_minimum: z.boolean(),
  /** GitHub kept none of its moves before this instant (docs/metrics.md, "Partial histories"). */
  history_known_from: z.string().nullable(),
  /** Its place against the board's SLE (set or proposed); null without one or without a start. */
  sle: z
    .object({
      percent: z.number().int(),
      days: z.number(),
      source: z.enum(['set', 'proposed']),
      place: z.enum(['met', 'missed', 'breached', 'at_risk', 'on_track']),
    })
    .nullable(),
  unit: z.enum(['days', 'working days']),
  /** The board's time zone: the days of the moves are its days. */
  time_zone: z.string(),
});
export type ItemHistoryResponse = z.infer<typeof itemHistorySchema>;
