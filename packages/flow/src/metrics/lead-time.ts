import { accumulate, addSample, createDailySums, type DailySums, mean, windowTotal } from './daily.ts';
import { fallbackInsight, stabilityOf } from '../insights/insight.ts';
import { leadTimeInsight } from '../insights/lead-time-insight.ts';
import { buildCalendar, type Calendar } from '../core/calendar.ts';
import {
  coefficientOfVariation,
  DAY_MS,
  days,
  isoDay,
  iterationDays,
  percentChange,
} from '../core/numbers.ts';
import { type BoardTimeline, buildTimeline, cycleTimeMs, leadTimeMs } from '../timeline/timeline.ts';
import type { LeadTimeDay, LeadTimeInput, LeadTimeMetrics, LeadTimeResponse } from '../types.ts';

type Completions = { lead: DailySums; cycle: DailySums | null; doneDay: Int32Array; leadMs: Float64Array };

/** Working time of an interval that ends at `end` and lasted `ms` (elapsed ms when every day is worked). */
const working = (calendar: Calendar, end: number, ms: number) =>
  calendar.partial && Number.isFinite(ms) ? calendar.workingMs(end - ms, end) : ms;

/** Buckets lead and cycle times (ms, working time) by local completion day, for completions up to `now`. */
function collectCompletions(t: BoardTimeline, first: number, now: number, calendar: Calendar): Completions {
  const last = calendar.dayOf(now);
  const lead = createDailySums(first, last);
  const cycle = t.board.cycleStart >= 0 ? createDailySums(first, last) : null;
  const doneDay = new Int32Array(t.itemIds.length).fill(-1);
  const leadMs = new Float64Array(t.itemIds.length);
  for (let item = 0; item < t.itemIds.length; item++) {
    const doneAt = t.doneAt[item] as number;
    if (!(doneAt <= now)) continue;
    const day = calendar.dayOf(doneAt);
    doneDay[item] = day;
    leadMs[item] = working(calendar, doneAt, leadTimeMs(t, item));
    addSample(lead, day, leadMs[item] as number);
    if (cycle) addSample(cycle, day, working(calendar, doneAt, cycleTimeMs(t, item)));
  }
  accumulate(lead);
  if (cycle) accumulate(cycle);
  return { lead, cycle, doneDay, leadMs };
}

function firstCompletionDay(t: BoardTimeline, now: number, calendar: Calendar): number | null {
  let first = Number.POSITIVE_INFINITY;
  for (let item = 0; item < t.itemIds.length; item++) {
    const doneAt = t.doneAt[item] as number;
    if (doneAt < first && doneAt <= now) first = doneAt;
  }
  return Number.isFinite(first) ? calendar.dayOf(first) : null;
}

/** Lead times of the items completed in the `width` days ending on `last`. */
function recentLeadTimes(c: Completions, last: number, width: number): number[] {
  const values: number[] = [];
  for (let item = 0; item < c.doneDay.length; item++) {
    const day = c.doneDay[item] as number;
    if (day > last - width && day <= last && day >= 0) values.push((c.leadMs[item] as number) / DAY_MS);
  }
  return values;
}

function trendOf(s: DailySums, last: number, width: number): number | null {
  const previous = windowTotal(s, last - width, width);
  if (previous.count === 0) return null;
  return percentChange(mean(previous), mean(windowTotal(s, last, width)));
}

function metricsOf(c: Completions, last: number, width: number): LeadTimeMetrics {
  const trend = trendOf(c.lead, last, width);
  const recent = recentLeadTimes(c, last, 2 * width);
  const cv = coefficientOfVariation(recent);
  const stability = stabilityOf(cv);
  const average = days(mean(windowTotal(c.lead, last, width)));
  return {
    lead_time_trend: trend ?? 0,
    cycle_time_trend: c.cycle ? (trendOf(c.cycle, last, width) ?? 0) : null,
    stability,
    avg_lead_time: average,
    trend_known: trend !== null,
    stability_sample: recent.length,
    performance_insight: leadTimeInsight({
      trend,
      stability,
      cv,
      average,
      days: width,
      samples: recent.length,
    }),
  };
}

function fallback(hasCycle: boolean): LeadTimeResponse {
  const metrics: LeadTimeMetrics = {
    lead_time_trend: 0,
    cycle_time_trend: hasCycle ? 0 : null,
    stability: 'Medium',
    avg_lead_time: 0,
    trend_known: false,
    stability_sample: 0,
    performance_insight: fallbackInsight(),
  };
  return { metrics };
}

/** The lead-time response of docs/api.md (days and durations on the board's calendar): daily trailing-window means plus trend, stability, average and insight. */
export function buildLeadTimeReport(input: LeadTimeInput): LeadTimeResponse {
  const width = iterationDays(input.days);
  const t = buildTimeline(input, input.transitions);
  const calendar = buildCalendar(input.calendar);
  const today = calendar.dayOf(input.now);
  const first = firstCompletionDay(t, input.now, calendar);
  if (first === null) return fallback(t.board.cycleStart >= 0);
  const c = collectCompletions(t, first, input.now, calendar);
  const series: Record<string, LeadTimeDay> = {};
  let last = first;
  for (let day = first; day <= today; day++) {
    const lead = windowTotal(c.lead, day, width);
    if (lead.count === 0) continue;
    const cycle = c.cycle ? windowTotal(c.cycle, day, width) : null;
    series[isoDay(day)] = {
      average_lead_time: days(mean(lead)),
      average_cycle_time: cycle ? days(mean(cycle)) : null,
    };
    last = day;
  }
  return { ...series, metrics: metricsOf(c, last, width) } as LeadTimeResponse;
}
