/** Public input and output types of the flow engine. All times are epoch milliseconds (UTC). */

/** One recorded status change. `to: null` means the item left the board (or lost its status). */
export type Transition = {
  itemId: string;
  from: string | null;
  to: string | null;
  at: number;
};

/** The board's ordered columns. The done column defaults to the last one. */
export type BoardColumns = {
  columns: readonly string[];
  doneColumn?: string | null;
  cycleStartColumn?: string | null;
};

/** An item as it is now (one row of the items table). */
export type BoardItem = {
  id: string;
  number: number;
  title: string;
  url: string | null;
  milestone: string | null;
  labels: readonly string[];
  column: string | null;
  enteredColumnAt: number | null;
};

export type FlowInput = BoardColumns & {
  transitions: readonly Transition[];
  /** The evaluation instant; the engine never reads the clock. */
  now: number;
};

export type LeadTimeInput = FlowInput & {
  /** Iteration length in days: the trailing window of the daily series. */
  days: number;
};

export type TimeInStateInput = FlowInput & {
  days: number;
  /** Current items, for the queue health ratio. */
  items: readonly BoardItem[];
};

export type IssuesInColumnInput = BoardColumns & {
  column: string;
  items: readonly BoardItem[];
  days: number;
  now: number;
};

export type ColumnStatsInput = BoardColumns & {
  items: readonly BoardItem[];
  now: number;
};

export type Severity = 'excellent' | 'good' | 'stable' | 'warning' | 'critical' | 'mixed' | 'info';

export type Insight = {
  severity: Severity;
  message: string;
  /** 0..1, grows with the sample size; below 0.5 under ten samples. */
  confidence: number;
};

export type Stability = 'High' | 'Medium' | 'Low';

export type LeadTimeDay = {
  average_lead_time: number;
  average_cycle_time: number | null;
};

export type LeadTimeMetrics = {
  lead_time_trend: number;
  cycle_time_trend: number | null;
  stability: Stability;
  avg_lead_time: number;
  performance_insight: Insight;
};

/** Spec §3: date keys `YYYY-MM-DD` plus `metrics`. */
export type LeadTimeResponse = {
  metrics: LeadTimeMetrics;
  [date: string]: LeadTimeDay | LeadTimeMetrics;
};

export type TimeInStateDay = {
  timeinstate: Record<string, number>;
};

export type TimeInStateMetrics = {
  time_intensive_column: string | null;
  stage_intensity: number;
  active_work_ratio: number;
  queue_health_ratio: number;
  performance_insight: Insight;
};

export type ColumnClassification = {
  productive: string[];
  waiting: string[];
};

/** Spec §3: date keys with `timeinstate`, plus `metrics` and `column_classification`. */
export type TimeInStateResponse = {
  metrics: TimeInStateMetrics;
  column_classification: ColumnClassification;
  [date: string]: TimeInStateDay | TimeInStateMetrics | ColumnClassification;
};

export type IssueRow = {
  id: string;
  number: number;
  title: string;
  url: string | null;
  days_in_current_column: number;
  entered_column_at: string | null;
  milestone: string | null;
  labels: string[];
};

export type IssuesColumnStats = {
  avg_days: number;
  issues_over_1x_iteration: number;
  issues_over_2x_iteration: number;
  thresholds: { '1x_iteration': number; '2x_iteration': number };
  iteration_length_days: number;
  performance_insight: Insight;
};

export type IssuesResponse = {
  issues: IssueRow[];
  column_stats: IssuesColumnStats;
};

export type ColumnStat = {
  count: number;
  avg_days: number;
  over_7_days: number;
  over_14_days: number;
};

export type ColumnStatsResponse = Record<string, ColumnStat>;
