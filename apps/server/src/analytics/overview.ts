import {
  type BoardFlowSummary,
  type BoardSummary,
  type FlowResponse,
  type InsightSeverity,
  sleAtRiskItems,
} from '@fluxion/contract';

export type BoardRef = { project_id: string; title: string; is_demo: boolean };

/**
 * A board's card from its Flow report: the same figures the Flow page shows. A board where nothing
 * finished in the window and nothing is in progress has nothing to tell yet (`no_data`).
 */
export function summariseFlow(board: BoardRef, report: FlowResponse): BoardSummary {
  const wip = report.aging.items.length;
  if (report.throughput.total === 0 && wip === 0) return { ...board, status: 'no_data' };
  const oldest = report.aging.items[0];
  return {
    ...board,
    status: 'ok',
    throughput_per_week: report.throughput.per_week,
    cycle_time_p85: report.cycle_time.percentiles.p85,
    wip,
    wip_at_risk: report.aging.at_risk,
    oldest_item: oldest
      ? {
          id: oldest.id,
          number: oldest.number,
          title: oldest.title,
          url: oldest.url,
          column: oldest.column,
          age_days: oldest.age_days,
          risk: oldest.risk,
          ...(oldest.age_at_least ? { age_at_least: true } : {}),
        }
      : null,
    bottleneck: report.bottleneck,
    insight: report.performance_insight,
    ...sleSummary(report),
    ...(report.history_gaps ? { history_gaps: report.history_gaps } : {}),
  };
}

/** The SLE and the items at risk of missing it, oldest first (the aging items' order), five at most. */
function sleSummary(
  report: FlowResponse,
): Pick<BoardFlowSummary, 'sle' | 'sle_at_risk' | 'sle_at_risk_count'> {
  const sle = report.sle ?? null;
  const atRisk = sleAtRiskItems(report);
  return {
    sle: sle && { percent: sle.percent, days: sle.days, source: sle.source },
    sle_at_risk: atRisk.slice(0, 5),
    sle_at_risk_count: atRisk.length,
  };
}

/** Lower is more urgent. A failed board ranks after every board with figures, a board without data last. */
const SEVERITY_RANK: Record<InsightSeverity, number> = {
  critical: 0,
  warning: 1,
  mixed: 2,
  info: 3,
  stable: 4,
  good: 5,
  excellent: 6,
};
const FAILED_RANK = 7;
const NO_DATA_RANK = 8;
const LOCKED_RANK = 9;

function rank(board: BoardSummary): number {
  if (board.status === 'failed') return FAILED_RANK;
  if (board.status === 'no_data') return NO_DATA_RANK;
  if (board.status === 'locked') return LOCKED_RANK;
  return SEVERITY_RANK[board.insight.severity] ?? SEVERITY_RANK.info;
}

const atRisk = (board: BoardSummary) => (board.status === 'ok' ? board.wip_at_risk : 0);
const oldestAge = (board: BoardSummary) => (board.status === 'ok' ? (board.oldest_item?.age_days ?? 0) : 0);

/**
 * Most urgent first: the insight's severity (critical first), then more work in progress at risk, then
 * the older oldest item; ties keep the project list's order (the sort is stable).
 */
export function byUrgency(a: BoardSummary, b: BoardSummary): number {
  return rank(a) - rank(b) || atRisk(b) - atRisk(a) || oldestAge(b) - oldestAge(a);
}
