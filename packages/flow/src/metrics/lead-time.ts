import { accumulate, addSample, createDailySums, type DailySums, mean, windowTotal } from './daily.ts';
import { fallbackInsight, stabilityOf } from '../insights/insight.ts';
import { leadTimeInsight } from '../insights/lead-time-insight.ts';
import { buildCalendar, type Calendar } from '../core/calendar.ts';
import {
  coefficientOfVariation,
  DAY_MS,
  type DayUnit,
  dayUnit,
  days,
  isoDay,
  iterationDays,
} from '../core/numbers.ts';
import { medianAndP85, type TrendChange, trendChange } from './trend.ts';
import { buildRowTimeline, cycleTimeMs, leadTimeMs, type RowTimeline } from '../timeline/timeline.ts';
import type { LeadTimeDay, LeadTimeInput, LeadTimeMetrics, LeadTimeResponse } from '../types.ts';
import { type HistoryGaps, historyGaps } from '../timeline/partial-rule.ts';

type Completions = {
  lead: DailySums;
  cycle: DailySums | null;
  doneDay: Int32Array;
  leadMs: Float64Array;
  /** NaN without a cycle-start column. */
  cycleMs: Float64Array;
};

/** Working time of an interval that ends at `end` and lasted `ms` (elapsed ms when every day is worked). */
const working = (calendar: Calendar, end: number, ms: number) =>
  calendar.partial && Number.isFinite(ms) ? calendar.workingMs(end - ms, end) : ms;

/** Buckets lead and cycle times (ms, working time) by local completion day, for completions up to `now`. */
function collectCompletions(t: RowTimeline, first: number, now: number, calendar: Calendar): Completions {
  const last = calendar.dayOf(now);
  const lead = createDailySums(first, last);
  const cycle = t.board.cycleStart >= 0 ? createDailySums(first, last) : null;
  const doneDay = new Int32Array(t.itemIds.length).fill(-1);
  const leadMs = new Float64Array(t.itemIds.length);
  const cycleMs = new Float64Array(t.itemIds.length).fill(Number.NaN);
  for (let item = 0; item < t.itemIds.length; item++) {
    const doneAt = t.doneAt[item] as number;
    if (!(doneAt <= now)) continue;
    const day = calendar.dayOf(doneAt);
    doneDay[item] = day;
    leadMs[item] = working(calendar, doneAt, leadTimeMs(t, item));
    addSample(lead, day, leadMs[item] as number);
    if (!cycle) continue;
    cycleMs[item] = working(calendar, doneAt, cycleTimeMs(t, item));
    addSample(cycle, day, cycleMs[item] as number);
  }
  accumulate(lead);
  if (cycle) accumulate(cycle);
  return { lead, cycle, doneDay, leadMs, cycleMs };
}

function firstCompletionDay(t: RowTimeline, now: number, calendar: Calendar): number | null {
  let first = Number.POSITIVE_INFINITY;
  for (let item = 0; item < t.itemIds.length; item++) {
    const doneAt = t.doneAt[item] as number;
    if (doneAt < first && doneAt <= now) first = doneAt;
  }
  return Number.isFinite(first) ? calendar.dayOf(first) : null;
}

/** Durations (ms) of the items completed in the `width` days ending on `last`. */
function completedIn(c: Completions, durations: Float64Array, last: number, width: number): number[] {
  const values: number[] = [];
  for (let item = 0; item < c.doneDay.length; item++) {
    const day = c.doneDay[item] as number;
    const ms = durations[item] as number;
    if (day > last - width && day <= last && day >= 0 && Number.isFinite(ms)) values.push(ms);
  }
  return values;
}

/** The trend of one duration between the window before and the window ending on `last` (§3, "Honest trends"). */
function changeOf(c: Completions, durations: Float64Array, last: number, width: number): TrendChange {
  return trendChange(completedIn(c, durations, last - width, width), completedIn(c, durations, last, width));
}

function metricsOf(
  c: Completions,
  last: number,
  width: number,
  unit: DayUnit,
  gaps: HistoryGaps,
): LeadTimeMetrics {
  const lead = changeOf(c, c.leadMs, last, width);
  const cycle = c.cycle ? changeOf(c, c.cycleMs, last, width) : null;
  const recent = completedIn(c, c.leadMs, last, 2 * width).map((ms) => ms / DAY_MS);
  const cv = coefficientOfVariation(recent);
  const stability = stabilityOf(cv);
  const average = days(mean(windowTotal(c.lead, last, width)));
  const leadP = medianAndP85(completedIn(c, c.leadMs, last, width));
  const cycleP = c.cycle ? medianAndP85(completedIn(c, c.cycleMs, last, width)) : { p50: null, p85: null };
  const known = lead.reason !== 'no_previous';
  return {
    lead_time_trend: lead.percent,
    cycle_time_trend: cycle ? cycle.percent : null,
    stability,
    avg_lead_time: average,
    trend_known: known,
    stability_sample: recent.length,
    window_days: width,
    lead_time_p50: leadP.p50,
    lead_time_p85: leadP.p85,
    cycle_time_p50: cycleP.p50,
    cycle_time_p85: cycleP.p85,
    lead_time_change: lead,
    cycle_time_change: cycle,
    performance_insight: leadTimeInsight({
      trend: known ? lead.percent : null,
      change: lead,
      stability,
      cv,
      average,
      p50: leadP.p50,
      p85: leadP.p85,
      days: width,
      // The insight rests on the window's completions: the sample the tiles name ("Half of the N items").
      samples: lead.completions,
      unit,
      gaps,
    }),
    history_gaps: gaps,
  };
}

function fallback(hasCycle: boolean, width: number, gaps: HistoryGaps): LeadTimeResponse {
  const metrics: LeadTimeMetrics = {
    lead_time_trend: 0,
    cycle_time_trend: hasCycle ? 0 : null,
    stability: 'Medium',
    avg_lead_time: 0,
    trend_known: false,
    stability_sample: 0,
    window_days: width,
    lead_time_p50: null,
    lead_time_p85: null,
    cycle_time_p50: null,
    cycle_time_p85: null,
    lead_time_change: trendChange([], []),
    cycle_time_change: hasCycle ? trendChange([], []) : null,
    performance_insight: fallbackInsight(),
    history_gaps: gaps,
  };
  return { metrics };
}

/** The lead-time response of docs/api.md (days and durations on the board's calendar): daily trailing-window means plus trend, stability, average and insight. */
export function buildLeadTimeReport(input: LeadTimeInput): LeadTimeResponse {
  const width = iterationDays(input.days);
  const t = buildRowTimeline(input, input.transitions);
  const calendar = buildCalendar(input.calendar);
  const today = calendar.dayOf(input.now);
  const gaps = historyGaps(t, { first: today - width + 1, last: today }, calendar.dayOf, input.now);
  const first = firstCompletionDay(t, input.now, calendar);
  if (first === null) return fallback(t.board.cycleStart >= 0, width, gaps);
  const c = collectCompletions(t, first, input.now, calendar);
  const series: Record<string, LeadTimeDay> = {};
  for (let day = first; day <= today; day++) {
    const lead = windowTotal(c.lead, day, width);
    if (lead.count === 0) continue;
    const cycle = c.cycle ? windowTotal(c.cycle, day, width) : null;
    series[isoDay(day)] = {
      average_lead_time: days(mean(lead)),
      // A day whose window holds lead times but no known cycle time (partial items whose joining was
      // reconstructed) has no cycle average: mean() of nothing is 0, which drew a cycle time of 0 days.
      average_cycle_time: cycle && cycle.count > 0 ? days(mean(cycle)) : null,
    };
  }
  // The window ends today, as every page's does, not on the day of the last completion.
  return { ...series, metrics: metricsOf(c, today, width, dayUnit(calendar), gaps) } as LeadTimeResponse;
}
