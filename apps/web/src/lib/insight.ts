import type { Insight, InsightSeverity } from '@fluxion/contract';

export type InsightVariant = 'success' | 'default' | 'warning' | 'danger';

const VARIANTS: Record<InsightSeverity, InsightVariant> = {
  excellent: 'success',
  good: 'success',
  stable: 'default',
  info: 'default',
  mixed: 'warning',
  warning: 'warning',
  critical: 'danger',
};

/** Unknown severities are treated as info. */
export function normalizeSeverity(severity: string | null | undefined): InsightSeverity {
  return severity && severity in VARIANTS ? (severity as InsightSeverity) : 'info';
}

export function insightVariant(insight: Pick<Insight, 'severity'> | { severity: string }): InsightVariant {
  return VARIANTS[normalizeSeverity(insight.severity)];
}
