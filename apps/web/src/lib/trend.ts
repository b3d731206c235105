import type { TrendChange } from '@fluxion/contract';
import { formatTrend } from './format.ts';
import { type Tone, trendTone } from './thresholds.ts';
import { T } from '../texts.ts';

export type TrendDisplay = { value: string; tone: Tone; hint?: string };

/**
 * What a trend tile shows (docs/metrics.md §3, "Honest trends"): the change coloured by the display
 * thresholds only when the engine calls it clear; otherwise "No clear change" in neutral and why.
 * `finished`: the items finished in the window (`history_gaps.finished`), some perhaps without a known start.
 */
export function trendDisplay(
  change: TrendChange,
  windowDays: number,
  finished = change.completions,
): TrendDisplay {
  const t = T.leadTime;
  // This window first: without a duration in it, the window before is not what the trend waits for.
  if (change.completions === 0) {
    const hint = finished > 0 ? t.trendNeedsKnownStart(finished) : t.trendNeedsNow;
    return { value: t.unknownValue, tone: 'neutral', hint };
  }
  if (change.reason === 'no_previous')
    return { value: t.unknownValue, tone: 'neutral', hint: t.trendNeeds(windowDays) };
  const percent = formatTrend(change.percent);
  if (!change.clear) {
    const hint =
      change.reason === 'within_noise'
        ? t.withinNoise(percent, change.noise_percent ?? 0)
        : t.fewCompletions(percent, change.previous_completions, change.completions);
    return { value: t.noClearChange, tone: 'neutral', hint };
  }
  return { value: percent, tone: trendTone(change.percent), hint: t.pastNoise(change.noise_percent ?? 0) };
}
