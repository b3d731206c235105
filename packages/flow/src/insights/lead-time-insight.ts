import { fmt, insight } from './insight.ts';
import type { Insight, Stability } from '../types.ts';

/**
 * Lead-time trend thresholds (percent), matching the page's colours (docs/metrics.md §3) plus a critical
 * level.
 */
export const TREND_WARNING_ABOVE = 5;
export const TREND_CRITICAL_ABOVE = 25;

export type LeadTimeFacts = {
  /** null when the previous window had no completions. */
  trend: number | null;
  stability: Stability;
  cv: number | null;
  average: number;
  days: number;
  samples: number;
};

function spread(f: LeadTimeFacts): string {
  return f.cv === null ? 'too few completions to judge consistency' : `CV ${fmt(f.cv, 2)}`;
}

export function leadTimeInsight(f: LeadTimeFacts): Insight {
  const avg = `${fmt(f.average, 2)} days`;
  const scope = `last ${f.days} days vs the ${f.days} before`;
  if (f.trend === null) {
    const text = `Average lead time is ${avg} over the last ${f.days} days; no completions in the ${f.days} days before to compare with.`;
    return insight('info', text, f.samples);
  }
  const change = `${fmt(Math.abs(f.trend))}%`;
  if (f.trend > TREND_CRITICAL_ABOVE) {
    return insight('critical', `Average lead time rose ${change} to ${avg} (${scope}).`, f.samples);
  }
  if (f.trend > TREND_WARNING_ABOVE) {
    return insight('warning', `Average lead time rose ${change} to ${avg} (${scope}).`, f.samples);
  }
  if (f.trend < 0) {
    const fell = `Average lead time fell ${change} to ${avg} (${scope})`;
    if (f.stability === 'Low') {
      return insight('mixed', `${fell}, but lead times vary widely (${spread(f)}).`, f.samples);
    }
    const severity = f.stability === 'High' ? 'excellent' : 'good';
    return insight(
      severity,
      `${fell}; lead times are ${f.stability === 'High' ? 'consistent' : 'moderately spread'} (${spread(f)}).`,
      f.samples,
    );
  }
  if (f.stability === 'Low') {
    return insight(
      'warning',
      `Lead times vary widely (${spread(f)}) around an average of ${avg}.`,
      f.samples,
    );
  }
  return insight(
    'stable',
    `Average lead time is steady at ${avg} (${f.trend > 0 ? '+' : ''}${change}, ${scope}).`,
    f.samples,
  );
}
