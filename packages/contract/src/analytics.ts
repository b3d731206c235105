import { z } from 'zod';
import { wholeNumber } from './numbers.ts';
import { FALLBACK_CONFIDENCE } from './constants.ts';
import { historyQueryShape, itemFilterQueryShape } from './filters.ts';

export const insightSeveritySchema = z.enum([
  'excellent',
  'good',
  'stable',
  'warning',
  'critical',
  'mixed',
  'info',
]);
export type InsightSeverity = z.infer<typeof insightSeveritySchema>;

/** An analysis' insight: what the figures say, and how sure. */
export const insightSchema = z.object({
  severity: insightSeveritySchema,
  message: z.string(),
  confidence: z.number().min(0).max(1),
  /** The size n of the sample the confidence n / (n + 10) comes from; absent on the fallback insight. */
  sample: z.number().int().min(0).optional(),
});
export type Insight = z.infer<typeof insightSchema>;

/**
 * The board's bottleneck (docs/metrics.md, "One model of commitment"): the in-progress column (from the
 * commitment point up to done; never a queue before it) with the longest mean stay ended in the recent
 * window. Decided once by the engine; every analysis that names a bottleneck names this one.
 */
export const bottleneckSchema = z.object({
  column: z.string(),
  /** Its mean stay in the window, days (2 decimals). */
  days: z.number(),
  /** That mean over the other in-progress columns' mean stays (2 decimals; 1 when it is the only one). */
  intensity: z.number(),
  /** Stays ended in the window in the in-progress columns. */
  samples: z.number().int(),
  /** The window: the board's iteration length in days. */
  window_days: z.number().int(),
});
export type Bottleneck = z.infer<typeof bottleneckSchema>;

/**
 * GET /api/story/: the board's story alone (docs/metrics.md, "One model of commitment"): its commitment
 * point and its bottleneck over the iteration, as Time in State, Flow and Home name it. The Issues page
 * opens on the bottleneck, else on the commitment point, without computing a whole Flow report.
 */
export const boardStoryResponseSchema = z.object({
  commitment_column: z.string().nullable(),
  bottleneck: bottleneckSchema.nullable(),
});
export type BoardStoryResponse = z.infer<typeof boardStoryResponseSchema>;

const days = wholeNumber('days', 1, 365);
/** The `project` query parameter of an analysis: the board's GitHub project id. */
export const projectParam = z
  .string({ error: 'project is required' })
  .trim()
  .min(1, 'project is required')
  .max(200);

export const leadTimeQuerySchema = z.object({
  project: projectParam,
  days,
  cycle_time: z.string().trim().max(200).optional(),
  ...itemFilterQueryShape,
  ...historyQueryShape,
});
export const boardStoryQuerySchema = z.object({
  project: projectParam,
  ...itemFilterQueryShape,
  ...historyQueryShape,
});
export const timeInStateQuerySchema = z.object({
  project: projectParam,
  days,
  ...itemFilterQueryShape,
  ...historyQueryShape,
});
export const issuesQuerySchema = z.object({
  project: projectParam,
  column: z.string({ error: 'column is required' }).trim().min(1, 'column is required').max(200),
  ...itemFilterQueryShape,
  ...historyQueryShape,
});
/** GET /api/projects/:id/column-stats/: the item filter only. */
export const columnStatsQuerySchema = z.object({ ...itemFilterQueryShape, ...historyQueryShape });

/**
 * A trend between the window before and the last window (docs/metrics.md §3, "Honest trends"): called
 * `clear` only when each window holds enough completions and the change exceeds the windows' own noise;
 * otherwise the page says "no clear change" and why (`reason`).
 */
export const trendChangeSchema = z.object({
  /** Percent change of the mean, 1 decimal (0 without a previous window). */
  percent: z.number(),
  clear: z.boolean(),
  reason: z.enum(['clear', 'no_previous', 'few_completions', 'within_noise']),
  completions: z.number().int(),
  previous_completions: z.number().int(),
  /** Two standard errors of the difference of the means, as a percent of the previous mean (1 decimal). */
  noise_percent: z.number().nullable(),
});
export type TrendChange = z.infer<typeof trendChangeSchema>;

/**
 * The items finished in an answer's window, and how many of them lack a known start because GitHub lost
 * their history (docs/metrics.md §16): they count in throughput but give no cycle time (without a known
 * cycle start) and no lead time (without a known first entry on the board). The same in every answer.
 */
export const historyGapsSchema = z.object({
  finished: z.number().int().nonnegative(),
  without_cycle_start: z.number().int().nonnegative(),
  without_board_entry: z.number().int().nonnegative(),
});
export type HistoryGaps = z.infer<typeof historyGapsSchema>;

/**
 * Under an item filter (set by the server): how many items it keeps, on the board now or by their moves
 * (an archived done card a label matches); 0 when no item matches it. Absent without a filter.
 */
export const keptItemsSchema = z.number().int().nonnegative().optional();

export const leadTimeMetricsSchema = z.object({
  lead_time_trend: z.number(),
  cycle_time_trend: z.number().nullable(),
  stability: z.enum(['High', 'Medium', 'Low']),
  avg_lead_time: z.number(),
  /** False when the window before had no completion, so the trends' 0 means "unknown". */
  trend_known: z.boolean(),
  /** Completions in the last two windows, the sample `stability` comes from. */
  stability_sample: z.number().int(),
  /** The window the trends, averages and percentiles read: the `days` asked for. */
  window_days: z.number().int(),
  /** Percentiles of the last window's completions (days, 2 decimals); null without any (or without a cycle start). */
  lead_time_p50: z.number().nullable(),
  lead_time_p85: z.number().nullable(),
  cycle_time_p50: z.number().nullable(),
  cycle_time_p85: z.number().nullable(),
  lead_time_change: trendChangeSchema,
  /** null without a cycle-start column. */
  cycle_time_change: trendChangeSchema.nullable(),
  performance_insight: insightSchema,
  /** The window's finished items and those without a known start (the window ends today). */
  history_gaps: historyGapsSchema.optional(),
  kept_items: keptItemsSchema,
});
export type LeadTimeMetrics = z.infer<typeof leadTimeMetricsSchema>;
export const leadTimePointSchema = z.object({
  average_lead_time: z.number().nullable(),
  average_cycle_time: z.number().nullable(),
});
export type LeadTimePoint = z.infer<typeof leadTimePointSchema>;
/** GET /api/leadtime/ — date keys (YYYY-MM-DD) plus `metrics` (docs/metrics.md §3). */
export const leadTimeResponseSchema = z
  .object({ metrics: leadTimeMetricsSchema })
  .catchall(leadTimePointSchema);
export type LeadTimeResponse = { metrics: LeadTimeMetrics } & Record<string, LeadTimePoint | LeadTimeMetrics>;

export const timeInStateMetricsSchema = z.object({
  time_intensive_column: z.string().nullable(),
  stage_intensity: z.number(),
  /** Null when no stay in an in-progress column ended in the window: nothing to measure, not 0 %. */
  active_work_ratio: z.number().nullable(),
  /** Null when no committed item is open now: the tile says N/A, not Healthy. */
  queue_health_ratio: z.number().nullable(),
  performance_insight: insightSchema,
  /** The window's finished items and those without a known start (their stays before it are unknown). */
  history_gaps: historyGapsSchema.optional(),
  /**
   * The board's bottleneck as Flow and Home name it, over its own window (the iteration, `window_days`),
   * whatever `days` the page asked for: `time_intensive_column` and `stage_intensity` are its figures.
   */
  bottleneck: bottleneckSchema.nullable().optional(),
  kept_items: keptItemsSchema,
});
export type TimeInStateMetrics = z.infer<typeof timeInStateMetricsSchema>;
export const columnClassificationListsSchema = z.object({
  productive: z.array(z.string()),
  waiting: z.array(z.string()),
});
export type ColumnClassification = z.infer<typeof columnClassificationListsSchema>;
export const timeInStatePointSchema = z.object({ timeinstate: z.record(z.string(), z.number()) });
export type TimeInStatePoint = z.infer<typeof timeInStatePointSchema>;
/** GET /api/timeinstate/ — date keys plus `metrics` and `column_classification`. */
export const timeInStateResponseSchema = z
  .object({ metrics: timeInStateMetricsSchema, column_classification: columnClassificationListsSchema })
  .catchall(timeInStatePointSchema);
export type TimeInStateResponse = {
  metrics: TimeInStateMetrics;
  column_classification: ColumnClassification;
} & Record<string, TimeInStatePoint | TimeInStateMetrics | ColumnClassification>;

/** An issue in a column, as Issues in Columns lists it. */
export const issueLabelSchema = z.union([z.string(), z.object({ name: z.string() })]);
export type IssueLabel = z.infer<typeof issueLabelSchema>;
export const issueRowSchema = z.object({
  id: z.string(),
  number: z.number().int().nullable(),
  title: z.string(),
  url: z.string().nullable(),
  days_in_current_column: z.number(),
  entered_column_at: z.string().nullable(),
  milestone: z.string().nullable(),
  labels: z.array(issueLabelSchema),
});
export type IssueRow = z.infer<typeof issueRowSchema>;
export const issuesColumnStatsSchema = z.object({
  avg_days: z.number(),
  issues_over_1x_iteration: z.number().int(),
  issues_over_2x_iteration: z.number().int(),
  thresholds: z.object({ '1x_iteration': z.number(), '2x_iteration': z.number() }),
  iteration_length_days: z.number(),
  performance_insight: insightSchema,
});
export type IssuesColumnStats = z.infer<typeof issuesColumnStatsSchema>;
/** GET /api/issues/ response. */
export const issuesResponseSchema = z.object({
  issues: z.array(issueRowSchema),
  column_stats: issuesColumnStatsSchema,
});
export type IssuesResponse = z.infer<typeof issuesResponseSchema>;

/** GET /api/projects/{id}/column-stats/ — per column. */
export const columnStatSchema = z.object({
  count: z.number().int(),
  avg_days: z.number(),
  over_7_days: z.number().int(),
  over_14_days: z.number().int(),
});
export type ColumnStat = z.infer<typeof columnStatSchema>;
export const boardColumnStatsResponseSchema = z.object({
  column_stats: z.record(z.string(), columnStatSchema),
});
export type BoardColumnStatsResponse = z.infer<typeof boardColumnStatsResponseSchema>;

export const FALLBACK_INSIGHT: Insight = {
  severity: 'info',
  message: 'Analysis unavailable - using fallback calculations',
  confidence: FALLBACK_CONFIDENCE,
};
