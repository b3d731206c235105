import { z } from 'zod';
import { flowUnitSchema } from './flow.ts';

/** GET /api/iterations/?project=&unit= (docs/metrics.md, "Iteration report"). */
export const iterationReportQuerySchema = z.object({
  project: z.string({ error: 'project is required' }).trim().min(1, 'project is required').max(200),
  unit: flowUnitSchema.default('items'),
});
export type IterationReportQuery = z.infer<typeof iterationReportQuerySchema>;

/** One iteration of the board's Iteration field (`start` and `end`: its first and last day). */
export const iterationSchema = z.object({
  id: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
});
export type IterationInfo = z.infer<typeof iterationSchema>;

/** Figures in the report's unit: items, or the sum of their estimates. */
export const iterationSummarySchema = iterationSchema.extend({
  /** The scope at the end of the iteration's first day. */
  committed: z.number(),
  /** The scope at the end (or now, for the current iteration). */
  scope: z.number(),
  /** Work in the iteration at its end that was completed during it. */
  completed: z.number(),
  /** Work in the iteration at its end that was not completed during it: scope − completed. */
  not_done: z.number(),
  /** Work that joined or left the iteration after the commitment point. */
  added: z.number(),
  removed: z.number(),
  /** Recording began after the commitment point: `committed` is the scope seen then. */
  partial: z.boolean(),
});
export type IterationSummary = z.infer<typeof iterationSummarySchema>;

export const burnUpDaySchema = z.object({
  date: z.string(),
  scope: z.number(),
  completed: z.number(),
  added: z.number(),
  removed: z.number(),
});
export type BurnUpDay = z.infer<typeof burnUpDaySchema>;

export const iterationReportSchema = z.object({
  unit: flowUnitSchema,
  /** The board's Iteration field and chosen estimate field (null: none). */
  iteration_field: z.string().nullable(),
  estimate_field: z.string().nullable(),
  /** Every iteration of the field, oldest first: the iteration filter's choices. */
  iterations: z.array(iterationSchema),
  current: iterationSummarySchema
    .extend({
      days: z.array(burnUpDaySchema),
      /** Items in the current iteration without an estimate (they weigh 0 in estimate units). */
      unestimated: z.number().int(),
    })
    .nullable(),
  /** The last six finished iterations, oldest first. */
  recent: z.array(iterationSummarySchema),
});
export type IterationReportResponse = z.infer<typeof iterationReportSchema>;
