import { z } from 'zod';
import type { Insight } from './analytics.ts';

/** Optional whole-number query parameter in [1, max], with the parameter's name in every message. */
const whole = (name: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

/** GET /api/flow/?project=&days=&horizon=&items= (docs/metrics.md, "Flow"). */
export const flowQuerySchema = z.object({
  project: z.string({ error: 'project is required' }).trim().min(1, 'project is required').max(200),
  /** Window of the charts and percentiles, and the forecasts' sample, in days ending today. */
  days: whole('days', 365, 30),
  /** "How many items in the next `horizon` days". */
  horizon: whole('horizon', 365, 14),
  /** "When will the next `items` items be done". */
  items: whole('items', 500, 10),
});
export type FlowQuery = z.infer<typeof flowQuerySchema>;

export type AgingRisk = 'on_track' | 'watch' | 'at_risk' | 'critical' | 'unknown';
export type FlowPercentiles = {
  p50: number | null;
  p70: number | null;
  p85: number | null;
  p95: number | null;
};
export type CycleTimePoint = {
  id: string;
  number: number | null;
  title: string | null;
  url: string | null;
  completed_at: string;
  date: string;
  cycle_time_days: number;
};
export type AgingItem = {
  id: string;
  number: number | null;
  title: string;
  url: string | null;
  column: string;
  started_at: string;
  age_days: number;
  risk: AgingRisk;
};
export type HowManyResult = { confidence: number; items: number };
export type WhenResult = { confidence: number; days: number | null; date: string | null };
export type FlowForecast = {
  sample_start: string;
  sample_end: string;
  sample_days: number;
  mean_daily_throughput: number;
  trials: number;
  seed: number;
  how_many: { horizon_days: number; results: HowManyResult[] };
  when: { items: number; results: WhenResult[] };
};

/** GET /api/flow/ response. */
export type FlowResponse = {
  window: { days: number; start: string; end: string };
  columns: string[];
  cycle_start_column: string | null;
  /** Cumulative counts: items whose entry into the column is on or before the date. */
  cfd: { date: string; counts: Record<string, number> }[];
  throughput: {
    daily: { date: string; count: number }[];
    weekly: { week_start: string; week_end: string; count: number }[];
    total: number;
    per_week: number;
  };
  cycle_time: { points: CycleTimePoint[]; percentiles: FlowPercentiles };
  aging: { columns: string[]; items: AgingItem[]; at_risk: number };
  /** null when there is no complete day of history to sample from. */
  forecast: FlowForecast | null;
  performance_insight: Insight;
};
