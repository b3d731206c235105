import { formatCount } from '../core/numbers.ts';
import { fmt, insight, plural } from './insight.ts';
import type { DayUnit } from '../core/numbers.ts';
import { MIN_TREND_COMPLETIONS, type TrendChange } from '../metrics/trend.ts';
import type { Insight, Stability } from '../types.ts';
import { gapSentence, type HistoryGaps } from '../timeline/partial-rule.ts';

/**
 * Lead-time trend thresholds (percent), matching the page's colours (docs/metrics.md §3) plus a critical
 * level. They apply only to a clear trend (one past the window's noise, `trendChange`).
 */
export const TREND_WARNING_ABOVE = 5;
export const TREND_CRITICAL_ABOVE = 25;

export type LeadTimeFacts = {
  /** null when the previous window had no completions. */
  trend: number | null;
  change: TrendChange;
  stability: Stability;
  cv: number | null;
  average: number;
  p50: number | null;
  p85: number | null;
  days: number;
  samples: number;
  unit: DayUnit;
  /** The `days` ending today: finished items and those GitHub lost the start of (docs/metrics.md §16). */
  gaps: HistoryGaps;
};

function spread(f: LeadTimeFacts): string {
  return f.cv === null ? 'too few completions to judge consistency' : `CV ${fmt(f.cv, 2)}`;
}

/** "6.4 days (p50 6, p85 7)": one decimal, as the tiles show durations. */
function averageText(f: LeadTimeFacts): string {
  const percentiles = f.p50 === null || f.p85 === null ? '' : ` (p50 ${fmt(f.p50)}, p85 ${fmt(f.p85)})`;
  return `${fmt(f.average)} ${f.unit}${percentiles}`;
}

const signed = (percent: number) => `${percent > 0 ? '+' : ''}${fmt(percent)}%`;

/** Why a change is not called (docs/metrics.md §3, "Honest trends"). */
export function noClearChangeReason(change: TrendChange, days: number): string {
  const against = `the ${signed(change.percent)} against the ${days} days before`;
  if (change.reason === 'within_noise') {
    return `${against} is within the window's own noise (±${fmt(change.noise_percent ?? 0)}%)`;
  }
  return `${against} rests on ${formatCount(change.previous_completions)} and ${formatCount(change.completions)} completions (a trend needs ${MIN_TREND_COMPLETIONS} in each window)`;
}

function unclear(f: LeadTimeFacts): Insight {
  const why = noClearChangeReason(f.change, f.days);
  if (f.stability === 'Low') {
    const text = `Lead times vary widely (${spread(f)}) around an average of ${averageText(f)}, last ${f.days} days; no clear change: ${why}.`;
    return insight('warning', text, f.samples);
  }
  const text = `No clear change in lead time: average ${averageText(f)} over the last ${f.days} days; ${why}.`;
  return insight('info', text, f.samples);
}

/** The insight, with the sentence on the window's finished items whose lead time GitHub's lost history hides. */
export function leadTimeInsight(f: LeadTimeFacts): Insight {
  const { finished, without_board_entry: unknown } = f.gaps;
  if (finished > 0 && unknown === finished) {
    const text = `${plural(finished, 'item')} finished in the last ${f.days} days.${gapSentence(finished, unknown, 'lead time')}`;
    return insight('info', text, 0);
  }
  if (f.samples === 0 && finished === 0) {
    return insight('info', `No item finished in the last ${f.days} days: no lead time to tell.`, 0);
  }
  const result = knownLeadTimeInsight(f);
  const gap = gapSentence(finished, unknown, 'lead time');
  return gap ? { ...result, message: `${result.message}${gap}` } : result;
}

function knownLeadTimeInsight(f: LeadTimeFacts): Insight {
  const avg = averageText(f);
  const scope = `last ${f.days} days vs the ${f.days} before`;
  if (f.trend === null) {
    const text = `Average lead time is ${avg} over the last ${f.days} days; no completions in the ${f.days} days before to compare with.`;
    return insight('info', text, f.samples);
  }
  if (!f.change.clear) return unclear(f);
  const change = `${fmt(Math.abs(f.trend))}%`;
  const noise = `, past the noise of ±${fmt(f.change.noise_percent ?? 0)}%`;
  if (f.trend > TREND_CRITICAL_ABOVE) {
    return insight('critical', `Average lead time rose ${change} to ${avg}: ${scope}${noise}.`, f.samples);
  }
  if (f.trend > TREND_WARNING_ABOVE) {
    return insight('warning', `Average lead time rose ${change} to ${avg}: ${scope}${noise}.`, f.samples);
  }
  if (f.trend < 0) {
    const fell = `Average lead time fell ${change} to ${avg}: ${scope}${noise}`;
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
    `Average lead time is steady at ${avg} (${signed(f.trend)}: ${scope}).`,
    f.samples,
  );
}
