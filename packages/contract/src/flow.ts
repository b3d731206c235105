import { z } from 'zod';
import { bottleneckSchema, historyGapsSchema, insightSchema, keptItemsSchema } from './analytics.ts';
import { FLOW_DEFAULTS } from './constants.ts';
import { historyQueryShape, itemFilterQueryShape } from './filters.ts';
import { wholeNumber } from './numbers.ts';

/** Optional whole-number query parameter in [1, max], with the parameter's name in every message. */
const whole = (name: string, max: number, fallback: number) => wholeNumber(name, 1, max).default(fallback);

export const FLOW_UNITS = ['items', 'estimate'] as const;
export const flowUnitSchema = z.enum(FLOW_UNITS, { error: `unit must be one of ${FLOW_UNITS.join(', ')}` });
export type FlowUnit = z.infer<typeof flowUnitSchema>;

/**
 * What Flow's distribution splits the work by (docs/metrics.md, "Breakdown"): the issues' type, or the
 * board's breakdown field (a single-select field of the board the team picked in Edit project).
 */
export const BREAKDOWNS = ['issue_type', 'field'] as const;
export const breakdownSchema = z.enum(BREAKDOWNS, {
  error: `breakdown must be one of ${BREAKDOWNS.join(', ')}`,
});
export type BreakdownName = z.infer<typeof breakdownSchema>;

/** GET /api/flow/?project=&days=&horizon=&items= (docs/metrics.md, "Flow"). */
export const flowQuerySchema = z.object({
  project: z.string({ error: 'project is required' }).trim().min(1, 'project is required').max(200),
  /** Window of the charts and percentiles, and the forecasts' sample, in days ending today. */
  days: whole('days', 365, FLOW_DEFAULTS.days),
  /** "How many items in the next `horizon` days". */
  horizon: whole('horizon', 365, FLOW_DEFAULTS.horizon),
  /** "When will the next `items` items be done". */
  items: whole('items', 500, FLOW_DEFAULTS.items),
  /** Throughput, cumulative flow and forecasts in items or in the board's estimate units. */
  unit: flowUnitSchema.default('items'),
  /** What the work type distribution splits by; omitted: the board's setting (docs/metrics.md, "Breakdown"). */
  breakdown: breakdownSchema.optional(),
  ...itemFilterQueryShape,
  ...historyQueryShape,
});
export type FlowQuery = z.infer<typeof flowQuerySchema>;

export const agingRiskSchema = z.enum(['on_track', 'watch', 'at_risk', 'critical', 'unknown']);
export type AgingRisk = z.infer<typeof agingRiskSchema>;
const percentile = z.number().nullable();
export const flowPercentilesSchema = z.object({
  p50: percentile,
  p70: percentile,
  p85: percentile,
  p95: percentile,
});
export type FlowPercentiles = z.infer<typeof flowPercentilesSchema>;
export const cycleTimePointSchema = z.object({
  id: z.string(),
  number: z.number().int().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  completed_at: z.string(),
  date: z.string(),
  cycle_time_days: z.number(),
  /** Days it carried the board's blocked label while in progress (docs/metrics.md, "Blocked time"). */
  blocked_days: z.number().optional(),
  /** Active time / cycle time, 0–1 (2 decimals); null when its cycle took no time. */
  flow_efficiency: z.number().nullable().optional(),
  /** Its history was reconstructed: its start (or a step before done) is estimated (docs/metrics.md). */
  estimated: z.literal(true).optional(),
});
export type CycleTimePoint = z.infer<typeof cycleTimePointSchema>;
export const sleRiskSchema = z.enum(['breached', 'at_risk', 'on_track']);
export type SleRiskLevel = z.infer<typeof sleRiskSchema>;
export const serviceLevelSchema = z.object({
  percent: z.number().int().min(50).max(99),
  days: z.number().int().min(1).max(365),
});
export type ServiceLevelExpectation = z.infer<typeof serviceLevelSchema>;

/** The board's SLE as the Flow answer applies it (docs/metrics.md, "Service Level Expectation"). */
export const flowSleSchema = serviceLevelSchema.extend({
  /** 'set': the team's; 'proposed': from the board's own history (the team set none). */
  source: z.enum(['set', 'proposed']),
  /** What the board's last 90 days suggest (null: fewer than 10 completions), and from how many. */
  proposal: serviceLevelSchema.nullable(),
  sample: z.number().int(),
  /** Per in-progress column: the age by which `percent` % of finished items had left it (null: none). */
  column_limits: z.record(z.string(), z.number().nullable()),
  /** Items in progress now that breached the SLE or are at risk of missing it, oldest first. */
  at_risk: z.array(z.string()),
});
export type FlowSle = z.infer<typeof flowSleSchema>;

export const wipLimitStateSchema = z.object({
  column: z.string(),
  limit: z.number().int(),
  /** Items in the column now. */
  count: z.number().int(),
  over: z.boolean(),
  /** Window days whose end found more than `limit` items in the column. */
  dates_over: z.array(z.string()),
  peak: z.number().int(),
});
export type WipLimitState = z.infer<typeof wipLimitStateSchema>;

/**
 * A board field the team names as a blocked marker (docs/metrics.md, "Blocked time"): an item is blocked
 * while this single-select field of the board holds this value (e.g. field "Blocked", value "Yes"). The
 * value compares without case, as labels do.
 */
export const blockedFieldSchema = z.object({
  name: z.string().trim().min(1, 'the blocked field needs the name of a field of the board').max(100),
  value: z.string().trim().min(1, 'the blocked field needs the value that marks an item blocked').max(100),
  /**
   * GitHub's node ids of the field and of the option, set by the server from the board when saved (a
   * request's are ignored): webhooks and listings know the field by its id, so a renamed field keeps working.
   */
  field_id: z.string().max(200).optional(),
  option_id: z.string().max(200).optional(),
});
export type BlockedField = z.infer<typeof blockedFieldSchema>;

export const flowBlockedSchema = z.object({
  /** The label that marks an item blocked on this board. */
  label: z.string(),
  /** The field value that marks an item blocked too; absent or null: none named. */
  field: blockedFieldSchema.nullable().optional(),
  /** Blocked days in the window per in-progress column (columns with none left out). */
  by_column: z.record(z.string(), z.number()),
  /** Items in progress that carry the label now. */
  blocked_now: z.number().int(),
  /** Σ active time / Σ cycle time of the window's completions, 0–1; null without one. */
  flow_efficiency: z.number().nullable(),
});
export type FlowBlocked = z.infer<typeof flowBlockedSchema>;

export const agingItemSchema = z.object({
  id: z.string(),
  number: z.number().int().nullable(),
  title: z.string(),
  url: z.string().nullable(),
  column: z.string(),
  started_at: z.string(),
  age_days: z.number(),
  risk: agingRiskSchema,
  /** Against the board's SLE (docs/metrics.md, "Service Level Expectation"); absent without an SLE. */
  sle_risk: sleRiskSchema.optional(),
  /** Days blocked since its cycle started, and whether it is blocked now (label or field value). */
  blocked_days: z.number().optional(),
  blocked: z.boolean().optional(),
  /** True when GitHub lost the item's history: its age counts from its current column's entry, at least. */
  age_at_least: z.boolean().optional(),
  /** Its history was reconstructed: its age may rest on an estimated start (docs/metrics.md). */
  estimated: z.literal(true).optional(),
});
export type AgingItem = z.infer<typeof agingItemSchema>;
/** `items` is in the report's unit: items, or estimate units. */
const howManyResultSchema = z.object({ confidence: z.number(), items: z.number() });
export type HowManyResult = z.infer<typeof howManyResultSchema>;
const whenResultSchema = z.object({
  confidence: z.number(),
  days: z.number().nullable(),
  date: z.string().nullable(),
});
export type WhenResult = z.infer<typeof whenResultSchema>;
export const flowForecastSchema = z.object({
  sample_start: z.string(),
  sample_end: z.string(),
  sample_days: z.number().int(),
  mean_daily_throughput: z.number(),
  trials: z.number().int(),
  seed: z.number().int(),
  how_many: z.object({ horizon_days: z.number().int(), results: z.array(howManyResultSchema) }),
  when: z.object({ items: z.number(), results: z.array(whenResultSchema) }),
});
export type FlowForecast = z.infer<typeof flowForecastSchema>;

/** What the analyses count of a board with parents and children (docs/metrics.md, "Level of work"). */
export const WORK_LEVELS = ['all', 'leaves', 'parents'] as const;
export const workLevelSchema = z.enum(WORK_LEVELS, {
  error: `work_level must be one of ${WORK_LEVELS.join(', ')}`,
});
export type WorkLevelName = z.infer<typeof workLevelSchema>;
export const levelOfWorkSchema = z.object({
  level: workLevelSchema,
  /** True when the board's setting is unset: leaf items when it holds parents and children, else all. */
  automatic: z.boolean(),
  /** Items with a child on the board, and the others. */
  parents: z.number().int(),
  leaves: z.number().int(),
  /** "Counting leaf items: 5 parents left out". */
  sentence: z.string(),
});
export type LevelOfWorkInfo = z.infer<typeof levelOfWorkSchema>;

/** One issue type's flow over the window (docs/metrics.md, "Breakdown by type"); `type` null: none set. */
export const typeFlowSchema = z.object({
  type: z.string().nullable(),
  throughput: z.number().int(),
  wip: z.number().int(),
  p50: z.number().nullable(),
  p85: z.number().nullable(),
  oldest_days: z.number().nullable(),
  over_p85: z.number().int(),
  /** The type's own SLE (flow policies `type_sles`): the share of its finished items that met it, and those past it now. */
  sle: serviceLevelSchema
    .extend({ met_percent: z.number().int().nullable(), breached_now: z.number().int() })
    .nullable(),
});
export type TypeFlowRow = z.infer<typeof typeFlowSchema>;

/** One value's flow (a type, or an option of the breakdown field); `value` null: none set. */
export const dimensionFlowSchema = typeFlowSchema
  .omit({ type: true })
  .extend({ value: z.string().nullable() });
export type DimensionFlowRow = z.infer<typeof dimensionFlowSchema>;

/** The work split by the board's breakdown (docs/metrics.md, "Breakdown"), most finished first. */
export const flowBreakdownSchema = z.object({
  by: breakdownSchema,
  /** The field's name when split by a field; null by issue type. */
  field: z.string().nullable(),
  rows: z.array(dimensionFlowSchema),
  /** Why the split is not the board's setting (its field was deleted on GitHub: by issue type instead). */
  note: z.string().optional(),
});
export type FlowBreakdown = z.infer<typeof flowBreakdownSchema>;

/** GET /api/flow/ response. */
export const flowResponseSchema = z.object({
  /** What throughput, the cumulative flow and the forecasts count (absent: items). */
  unit: flowUnitSchema.optional(),
  window: z.object({ days: z.number().int(), start: z.string(), end: z.string() }),
  columns: z.array(z.string()),
  cycle_start_column: z.string().nullable(),
  /** Cumulative counts: items whose entry into the column is on or before the date. */
  cfd: z.array(z.object({ date: z.string(), counts: z.record(z.string(), z.number()) })),
  /** Counts in the report's unit: items, or the sum of their estimates. */
  throughput: z.object({
    daily: z.array(z.object({ date: z.string(), count: z.number() })),
    weekly: z.array(z.object({ week_start: z.string(), week_end: z.string(), count: z.number() })),
    total: z.number(),
    per_week: z.number(),
  }),
  cycle_time: z.object({ points: z.array(cycleTimePointSchema), percentiles: flowPercentilesSchema }),
  aging: z.object({
    columns: z.array(z.string()),
    items: z.array(agingItemSchema),
    /** Items at risk against `at_risk_line`: the SLE (missed or at risk) wherever one is set or proposed, else the p85. */
    at_risk: z.number().int(),
    at_risk_line: z.enum(['sle', 'p85']).optional(),
  }),
  /** null when there is no complete day of history to sample from. */
  forecast: flowForecastSchema.nullable(),
  /** The board's bottleneck over its iteration length (as Time in State's); null without a recent stay. */
  bottleneck: bottleneckSchema.nullable(),
  performance_insight: insightSchema,
  /** The board's SLE (set, else proposed); null when none is set and the history proposes none. */
  sle: flowSleSchema.nullable().optional(),
  /** The limited columns, in board order (empty: no limits set). */
  wip_limits: z.array(wipLimitStateSchema).optional(),
  blocked: flowBlockedSchema.optional(),
  /** The window's finished items (as throughput counts them) and those without a known start. */
  history_gaps: historyGapsSchema.optional(),
  /** Throughput, work in progress, percentiles and aging per issue type, most finished first. */
  by_type: z.array(typeFlowSchema).optional(),
  /** The same per value of the board's breakdown: by issue type (then `by_type`'s rows), or by its field. */
  breakdown: flowBreakdownSchema.optional(),
  /** Which items were counted (set by the server from the board's setting). */
  level_of_work: levelOfWorkSchema.optional(),
  kept_items: keptItemsSchema,
});
export type FlowResponse = z.infer<typeof flowResponseSchema>;
