import type { HowManyResult, WhenResult } from './forecast.ts';
import type { BoardColumns, BoardItem, Insight, Transition } from './types.ts';

/** Input of the Flow analysis (docs/metrics.md, "Flow"). All times are epoch milliseconds (UTC). */
export type FlowReportInput = BoardColumns & {
  transitions: readonly Transition[];
  /** Current items: the aging work in progress. */
  items: readonly BoardItem[];
  /** The evaluation instant; the engine never reads the clock. */
  now: number;
  /** Window of the charts and percentiles, in days ending today (default 30). */
  days: number;
  /** "How many items in the next `horizon` days" (default 14). */
  horizon?: number;
  /** "When will the next `targetItems` be done" (default 10). */
  targetItems?: number;
  /** Complete days of throughput the forecasts sample from (default `days`). */
  sampleDays?: number;
  seed?: number;
  trials?: number;
};

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
  number: number;
  title: string;
  url: string | null;
  column: string;
  started_at: string;
  age_days: number;
  risk: AgingRisk;
};

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

export type FlowReport = {
  window: { days: number; start: string; end: string };
  columns: string[];
  cycle_start_column: string | null;
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
