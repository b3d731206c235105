import { z } from 'zod';

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

/** Spec §3 Insight. */
export const insightSchema = z.object({
  severity: insightSeveritySchema,
  message: z.string(),
  confidence: z.number().min(0).max(1),
});
export type Insight = z.infer<typeof insightSchema>;

const days = z.coerce
  .number({ error: 'days must be a number' })
  .int('days must be a whole number')
  .min(1, 'days must be at least 1')
  .max(365, 'days must be at most 365');
const projectParam = z.string({ error: 'project is required' }).trim().min(1, 'project is required').max(200);

export const leadTimeQuerySchema = z.object({
  project: projectParam,
  days,
  cycle_time: z.string().trim().max(200).optional(),
});
export const timeInStateQuerySchema = z.object({ project: projectParam, days });
export const issuesQuerySchema = z.object({
  project: projectParam,
  column: z.string({ error: 'column is required' }).trim().min(1, 'column is required').max(200),
});

export const leadTimeMetricsSchema = z.object({
  lead_time_trend: z.number(),
  cycle_time_trend: z.number().nullable(),
  stability: z.enum(['High', 'Medium', 'Low']),
  avg_lead_time: z.number(),
  performance_insight: insightSchema,
});
export type LeadTimeMetrics = z.infer<typeof leadTimeMetricsSchema>;
export type LeadTimePoint = { average_lead_time: number | null; average_cycle_time: number | null };
/** GET /api/leadtime/ — date keys (YYYY-MM-DD) plus `metrics`, as spec §3 says. */
export type LeadTimeResponse = { metrics: LeadTimeMetrics } & Record<string, LeadTimePoint | LeadTimeMetrics>;

export const timeInStateMetricsSchema = z.object({
  time_intensive_column: z.string().nullable(),
  stage_intensity: z.number(),
  active_work_ratio: z.number(),
  queue_health_ratio: z.number(),
  performance_insight: insightSchema,
});
export type TimeInStateMetrics = z.infer<typeof timeInStateMetricsSchema>;
export type ColumnClassification = { productive: string[]; waiting: string[] };
export type TimeInStatePoint = { timeinstate: Record<string, number> };
export type TimeInStateResponse = {
  metrics: TimeInStateMetrics;
  column_classification: ColumnClassification;
} & Record<string, TimeInStatePoint | TimeInStateMetrics | ColumnClassification>;

/** Spec §3 Issue. */
export type IssueLabel = string | { name: string };
export type IssueRow = {
  id: string;
  number: number | null;
  title: string;
  url: string | null;
  days_in_current_column: number;
  entered_column_at: string | null;
  milestone: string | null;
  labels: IssueLabel[];
};
export type IssuesColumnStats = {
  avg_days: number;
  issues_over_1x_iteration: number;
  issues_over_2x_iteration: number;
  thresholds: { '1x_iteration': number; '2x_iteration': number };
  iteration_length_days: number;
  performance_insight: Insight;
};
export type IssuesResponse = { issues: IssueRow[]; column_stats: IssuesColumnStats };

/** GET /api/projects/{id}/column-stats/ — per column. */
export type ColumnStat = { count: number; avg_days: number; over_7_days: number; over_14_days: number };
export type ColumnStatsResponse = { column_stats: Record<string, ColumnStat> };

export const FALLBACK_INSIGHT: Insight = {
  severity: 'info',
  message: 'Analysis unavailable - using fallback calculations',
  confidence: 0.5,
};
