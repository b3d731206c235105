import { z } from 'zod';
import { bottleneckSchema, historyGapsSchema, insightSchema } from './analytics.ts';
import type { FlowResponse } from './flow.ts';
import { wholeNumber } from './numbers.ts';

/** GET /api/overview/?days= — the window of every board's Flow figures (as GET /api/flow/'s `days`). */
export const overviewQuerySchema = z.object({
  days: wholeNumber('days', 1, 365).default(30),
});
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

/** The item in progress that has aged longest (the Flow report's first aging item). */
export const oldestItemSchema = z.object({
  id: z.string(),
  number: z.number().int().nullable(),
  title: z.string(),
  url: z.string().nullable(),
  column: z.string(),
  age_days: z.number(),
  risk: z.enum(['on_track', 'watch', 'at_risk', 'critical', 'unknown']),
  /** True when GitHub lost its history: the age counts from its current column's entry, at least. */
  age_at_least: z.boolean().optional(),
});
export type OldestItem = z.infer<typeof oldestItemSchema>;

/** An item in progress that breached the board's SLE or is at risk of missing it (docs/metrics.md). */
export const sleAtRiskItemSchema = z.object({
  id: z.string(),
  number: z.number().int().nullable(),
  title: z.string(),
  url: z.string().nullable(),
  column: z.string(),
  age_days: z.number(),
  sle_risk: z.enum(['breached', 'at_risk']),
});
export type SleAtRiskItem = z.infer<typeof sleAtRiskItemSchema>;

/**
 * The items at risk of missing the SLE, oldest first (the Flow answer's aging order): what Home's card,
 * the Flow page and the Issues page list, from the same rule on both sides.
 */
export function sleAtRiskItems(report: Pick<FlowResponse, 'aging'>): SleAtRiskItem[] {
  return report.aging.items.flatMap((item) =>
    item.sle_risk === 'breached' || item.sle_risk === 'at_risk'
      ? [
          {
            id: item.id,
            number: item.number,
            title: item.title,
            url: item.url,
            column: item.column,
            age_days: item.age_days,
            sle_risk: item.sle_risk,
          },
        ]
      : [],
  );
}

const board = { project_id: z.string(), title: z.string(), is_demo: z.boolean() };

/** A board with something to say: figures of its Flow report over the window. */
export const boardFlowSummarySchema = z.object({
  ...board,
  status: z.literal('ok'),
  throughput_per_week: z.number(),
  cycle_time_p85: z.number().nullable(),
  wip: z.number().int(),
  wip_at_risk: z.number().int(),
  oldest_item: oldestItemSchema.nullable(),
  /** The board's bottleneck, as its Flow report names it. */
  bottleneck: bottleneckSchema.nullable(),
  insight: insightSchema,
  /** The board's SLE as its Flow report applies it (set or proposed); null without one. */
  sle: z
    .object({ percent: z.number().int(), days: z.number().int(), source: z.enum(['set', 'proposed']) })
    .nullable()
    .optional(),
  /** Up to five items at risk of missing the SLE, oldest first (`sle_at_risk_count`: all of them). */
  sle_at_risk: z.array(sleAtRiskItemSchema).optional(),
  sle_at_risk_count: z.number().int().optional(),
  /** As the board's Flow report says it: the window's finished items and those without a known start. */
  history_gaps: historyGapsSchema.optional(),
});

/**
 * One card of Home's "boards at a glance". `no_data`: nothing finished in the window and nothing in
 * progress (a new board); `failed`: this board's report could not be computed (the others still are);
 * `locked`: the user's trial or subscription ended, so only the demo's figures are shown (the paywall).
 */
export const boardSummarySchema = z.discriminatedUnion('status', [
  boardFlowSummarySchema,
  z.object({ ...board, status: z.literal('no_data') }),
  z.object({ ...board, status: z.literal('failed'), message: z.string() }),
  z.object({ ...board, status: z.literal('locked'), message: z.string() }),
]);
export type BoardSummary = z.infer<typeof boardSummarySchema>;
export type BoardFlowSummary = z.infer<typeof boardFlowSummarySchema>;

/** GET /api/overview/ response: the caller's boards (and the demo), most urgent first. */
export const overviewResponseSchema = z.object({
  window_days: z.number().int(),
  boards: z.array(boardSummarySchema),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;
