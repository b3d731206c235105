import { z } from 'zod';
import { projectParam } from './analytics.ts';
import { historyQueryShape } from './filters.ts';
import { levelOfWorkSchema } from './flow.ts';

/** GET /api/level-of-work/?project=: which items the board's analyses count (docs/metrics.md, "Level of work"). */
export const levelOfWorkQuerySchema = z.object({ project: projectParam });

/**
 * GET /api/parents/?project=&item=&estimated=: the board's parents, most at risk first; `item`: that parent
 * alone; `estimated`: reconstructed steps counted (the default) or left out, as on every analysis.
 */
export const parentsQuerySchema = z.object({
  project: projectParam,
  item: z.string().trim().min(1, 'item must not be empty').max(200).optional(),
  ...historyQueryShape,
});
export type ParentsQuery = z.infer<typeof parentsQuerySchema>;

const whenSchema = z.object({
  confidence: z.number(),
  days: z.number().nullable(),
  date: z.string().nullable(),
});

export const childRowSchema = z.object({
  id: z.string(),
  number: z.number().int().nullable(),
  title: z.string(),
  url: z.string().nullable(),
  column: z.string().nullable(),
  issue_type: z.string().nullable(),
  done: z.boolean(),
});

/** One parent (docs/metrics.md, "Parents"). */
export const parentFlowSchema = z.object({
  id: z.string(),
  number: z.number().int().nullable(),
  title: z.string(),
  url: z.string().nullable(),
  column: z.string().nullable(),
  issue_type: z.string().nullable(),
  /** GitHub's count of its sub-issues, on this board or not; null when GitHub gave none. */
  sub_issues: z.object({ total: z.number().int(), completed: z.number().int() }).nullable(),
  /** Its children on the board. */
  children: z.array(childRowSchema),
  by_column: z.array(z.object({ column: z.string(), count: z.number().int() })),
  progress: z.object({
    done: z.number().int(),
    total: z.number().int(),
    estimate: z.object({ done: z.number(), total: z.number() }).nullable(),
  }),
  /** First child started to last child done (working days); `finished_at` null while children remain. */
  lead_time: z.object({
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    days: z.number().nullable(),
  }),
  /** Its share of the team's finished items over the sample, 0–1. */
  share: z.number(),
  /** When its remaining children will be done at 50/85/95 %; null when none remain or none finished lately. */
  forecast: z.object({ remaining: z.number().int(), results: z.array(whenSchema) }).nullable(),
  /** Children remain and none finished over the sample: no forecast can be made. */
  stalled: z.boolean(),
});
export type ParentFlowRow = z.infer<typeof parentFlowSchema>;

export const parentsResponseSchema = z.object({
  /** The team's throughput the forecasts sample (complete days to yesterday); null without history. */
  sample: z
    .object({ start: z.string(), end: z.string(), days: z.number().int(), team_finished: z.number() })
    .nullable(),
  parents: z.array(parentFlowSchema),
  level_of_work: levelOfWorkSchema,
});
export type ParentsResponse = z.infer<typeof parentsResponseSchema>;
