import { iterationWindow } from '@fluxion/contract/format';
import { formatCount } from '../core/numbers.ts';
import { fallbackInsight, fmt, insight, plural } from './insight.ts';
import type { AgingItem, FlowForecast, FlowPercentiles, FlowSle } from '../reports/flow-types.ts';
import type { Bottleneck } from '../metrics/commitment-model.ts';
import type { DayUnit } from '../core/numbers.ts';
import type { Insight } from '../types.ts';
import { gapSentence, type HistoryGaps } from '../timeline/partial-rule.ts';

export type FlowFacts = {
  windowDays: number;
  /** Completions with a known cycle time (the scatter's points): the percentiles' sample. */
  completions: number;
  /** The window's finished items, as throughput counts them, and those GitHub lost the start of. */
  gaps: HistoryGaps;
  percentiles: FlowPercentiles;
  aging: readonly AgingItem[];
  forecast: FlowForecast | null;
  /** The board's bottleneck (an in-progress column), decided once by the engine. */
  bottleneck: Bottleneck | null;
  /** Its window: the board's iteration length. */
  storyDays: number;
  /** Working days on a calendar with days off (docs/metrics.md §12). */
  unit: DayUnit;
  /** The board's SLE (set or proposed), whose `sle_risk` is then the at-risk line; null without one. */
  sle?: Pick<FlowSle, 'percent' | 'days'> | null;
};

/** The sentence naming the board's bottleneck, the same column Time in State and Home name. */
function bottleneckSentence(f: FlowFacts): string {
  const b = f.bottleneck;
  if (!b) return '';
  const factor = b.intensity === 1 ? '' : `, ${fmt(b.intensity, 2)}x the other in-progress columns`;
  return ` Bottleneck: '${b.column}', ${fmt(b.days)} ${f.unit} per stay${factor}, ${iterationWindow(f.storyDays)}.`;
}

/** Share of the work in progress above p85 from which the insight is critical. */
export const AT_RISK_CRITICAL_SHARE = 0.25;

const isAtRisk = (item: AgingItem) => item.risk === 'at_risk' || item.risk === 'critical';

/** At risk against the SLE: past it, or older than its share of finished items were in their column. */
const isAtRiskOfSle = (item: AgingItem) => item.sle_risk === 'breached' || item.sle_risk === 'at_risk';

const sleWords = (sle: Pick<FlowSle, 'percent' | 'days'>, unit: DayUnit) =>
  `the SLE (${sle.percent}% within ${sle.days} ${unit})`;

/**
 * What the insight says of the aging items at risk: how many, the oldest (the first, aging is oldest
 * first), the column holding the most of them (first in the list's order on a tie) and its count, and
 * how many are past the SLE. Counted in one pass, with no list of them (17,000 on the bench board).
 */
type AtRisk = { count: number; oldest: AgingItem; worst: { column: string; count: number }; past: number };

function atRiskOf(aging: readonly AgingItem[], test: (item: AgingItem) => boolean): AtRisk | null {
  let oldest: AgingItem | undefined;
  let count = 0;
  let past = 0;
  // The columns in order of first appearance, each with its count (a board has a few).
  const columns: string[] = [];
  const counts: number[] = [];
  for (let k = 0; k < aging.length; k++) {
    const item = aging[k] as AgingItem;
    if (!test(item)) continue;
    oldest ??= item;
    count++;
    if (item.sle_risk === 'breached') past++;
    const c = columns.indexOf(item.column);
    if (c < 0) {
      columns.push(item.column);
      counts.push(1);
    } else counts[c] = (counts[c] as number) + 1;
  }
  if (!oldest) return null;
  let worst = { column: '', count: 0 };
  for (let c = 0; c < columns.length; c++)
    if ((counts[c] as number) > worst.count)
      worst = { column: columns[c] as string, count: counts[c] as number };
  return { count, oldest, worst, past };
}

/** The items at risk against the SLE (docs/metrics.md §17): the at-risk line wherever one is set or proposed. */
function sleRiskInsight(f: FlowFacts, sle: Pick<FlowSle, 'percent' | 'days'>, atRisk: AtRisk): Insight {
  const { worst, oldest, past } = atRisk;
  const name = oldest.number === null ? `'${oldest.title ?? ''}'` : `#${oldest.number}`;
  const where =
    worst.count === atRisk.count
      ? `in '${worst.column}'`
      : `(${formatCount(worst.count)} in '${worst.column}')`;
  const pastText = past === 0 ? '' : `, ${formatCount(past)} past it`;
  const text =
    `${plural(atRisk.count, 'item')} ${where} ${atRisk.count === 1 ? 'is' : 'are'} at risk against ${sleWords(sle, f.unit)}${pastText}; ` +
    `oldest ${name} at ${fmt(oldest.age_days)} ${f.unit}.${bottleneckSentence(f)}`;
  const share = atRisk.count / f.aging.length;
  return insight(share >= AT_RISK_CRITICAL_SHARE || past > 0 ? 'critical' : 'warning', text, f.completions);
}

function atRiskInsight(f: FlowFacts, atRisk: AtRisk, p85: number): Insight {
  const { worst, oldest } = atRisk;
  // As the issues insight names it: a draft or a private item has no number, only its (placeholder) title.
  const name = oldest.number === null ? `'${oldest.title ?? ''}'` : `#${oldest.number}`;
  const where =
    worst.count === atRisk.count
      ? `in '${worst.column}'`
      : `(${formatCount(worst.count)} in '${worst.column}')`;
  const text =
    `${plural(atRisk.count, 'item')} ${where} ${atRisk.count === 1 ? 'is' : 'are'} older than the p85 of past cycle times ` +
    `(${fmt(p85)} ${f.unit}); oldest ${name} at ${fmt(oldest.age_days)} ${f.unit}.${bottleneckSentence(f)}`;
  const share = atRisk.count / f.aging.length;
  return insight(share >= AT_RISK_CRITICAL_SHARE ? 'critical' : 'warning', text, f.completions);
}

function forecastInsight(f: FlowFacts, p85: number): Insight {
  const howMany = f.forecast?.how_many.results.find((r) => r.confidence === 0.85);
  const ahead = howMany
    ? ` Next ${f.forecast?.how_many.horizon_days} days: at least ${plural(howMany.items, 'item')} (85% confidence).`
    : '';
  const line = f.sle
    ? `No work in progress is at risk against ${sleWords(f.sle, f.unit)}; the p85 of past cycle times is ${fmt(p85)} ${f.unit}.`
    : `No work in progress is older than the p85 of past cycle times (${fmt(p85)} ${f.unit}).`;
  const text = `${line}${ahead}${bottleneckSentence(f)}`;
  return insight(f.aging.some((i) => i.risk === 'watch') ? 'good' : 'excellent', text, f.completions);
}

const inProgress = (f: FlowFacts) =>
  `${plural(f.aging.length, 'item')} ${f.aging.length === 1 ? 'is' : 'are'} in progress`;

/** Items finished, none with a known cycle time: GitHub lost their history (docs/metrics.md §16). */
function unknownCycleTimes(f: FlowFacts): Insight {
  const finished = `${plural(f.gaps.finished, 'item')} finished in the last ${f.windowDays} days.`;
  const gap =
    gapSentence(f.gaps.finished, f.gaps.without_cycle_start, 'cycle time') || ' None has a known cycle time.';
  const wip = f.aging.length > 0 ? ` ${inProgress(f)}; their age counts from their current column.` : '';
  return insight('info', `${finished}${gap}${wip}${bottleneckSentence(f)}`, 0);
}

/** The sentence saying how many of the window's finished items the percentiles leave out, and why. */
function withGaps(result: Insight, f: FlowFacts): Insight {
  const gap = gapSentence(f.gaps.finished, f.gaps.without_cycle_start, 'cycle time');
  return gap ? { ...result, message: `${result.message}${gap}` } : result;
}

/** The most useful fact of the Flow analysis (docs/metrics.md, "Flow" insight rules). */
export function flowInsight(f: FlowFacts): Insight {
  const p85 = f.percentiles.p85;
  if (p85 === null) {
    if (f.gaps.finished > 0) return unknownCycleTimes(f);
    if (f.aging.length === 0) return fallbackInsight();
    const text = `No item finished in the last ${f.windowDays} days while ${inProgress(f)}.${bottleneckSentence(f)}`;
    return insight('warning', text, 0);
  }
  if (f.sle) {
    const atSle = atRiskOf(f.aging, isAtRiskOfSle);
    if (atSle) return sleRiskInsight(f, f.sle, atSle);
    return forecastInsight(f, p85);
  }
  const atRisk = atRiskOf(f.aging, isAtRisk);
  if (atRisk) return withGaps(atRiskInsight(f, atRisk, p85), f);
  return withGaps(forecastInsight(f, p85), f);
}
