import { type ColumnKind, classifyColumns, columnKinds } from '../input/columns.ts';
import { accumulate, type DailySums, mean, windowTotal } from './daily.ts';
import { bottleneckOf, type CommitmentModel, keepRecentStays, type RecentStays } from './commitment-model.ts';
import { type FlowStages, flowStages } from '../input/stages.ts';
import { fallbackInsight, insight } from '../insights/insight.ts';
import { gapSentence, type HistoryGaps, historyGaps } from '../timeline/partial-rule.ts';
import { buildCalendar, type Calendar } from '../core/calendar.ts';
import { DAY_MS, type DayUnit, dayUnit, days, isoDay, iterationDays, round } from '../core/numbers.ts';
import { queueHealth } from './queue.ts';
import { type BoardTimeline, buildTimeline } from '../timeline/timeline.ts';
import { timelinesKept } from '../timeline/kept-timeline.ts';
import { isTransitionColumns, latestMove } from '../input/transitions.ts';
import { timeInStateInsight } from '../insights/time-in-state-insight.ts';
import type { TimeInStateDay, TimeInStateInput, TimeInStateMetrics, TimeInStateResponse } from '../types.ts';

/** Columns whose stays are measured: every board column before done. */
function measuredColumns(t: BoardTimeline): number[] {
  return t.board.columns.map((_, c) => c).filter((c) => c < t.board.done);
}

/** First day a stay can have ended: the day of the earliest board entry (null without any). */
function firstDay(t: BoardTimeline, today: number, calendar: Calendar): number | null {
  let first = Number.POSITIVE_INFINITY;
  for (let item = 0; item < t.itemIds.length; item++) {
    const at = t.firstEntry[item] as number;
    if (at < first) first = at;
  }
  if (!Number.isFinite(first)) return null;
  const day = calendar.dayOf(first);
  return day <= today ? day : null;
}

/**
 * Durations (ms; working time on a calendar with days off) of the stays ended by `now`, per column,
 * bucketed by the local day the stay ended.
 */
function collectStays(t: BoardTimeline, first: number, now: number, calendar: Calendar): DailySums[] {
  const last = calendar.dayOf(now);
  const utc = calendar.name === 'UTC' && !calendar.partial;
  const length = last - first + 2;
  const width = t.board.columns.length;
  const sum = new Float64Array(width * length);
  const count = new Float64Array(width * length);
  const s = t.stays;
  const done = t.board.done;
  // One flat pass over every stay (a million on a big board): no per-stay objects. An item's next stay
  // starts when the last one ended: that instant's day is known already.
  let lastEnd = Number.NaN;
  let lastEndDay = 0;
  for (let i = 0; i < s.count; i++) {
    const column = s.column[i] as number;
    const end = s.end[i] as number;
    if (column < 0 || column >= done || !(end <= now)) continue;
    const start = s.start[i] as number;
    const endDay = utc ? Math.floor(end / DAY_MS) : calendar.dayOf(end);
    const slot = column * length + endDay - first + 1;
    const startDay = start === lastEnd ? lastEndDay : undefined;
    sum[slot] =
      (sum[slot] as number) +
      (calendar.partial ? calendar.workingMs(start, end, endDay, startDay) : end - start);
    count[slot] = (count[slot] as number) + 1;
    lastEnd = end;
    lastEndDay = endDay;
  }
  return t.board.columns.map((_, c) => {
    const view = {
      first,
      last,
      sum: sum.subarray(c * length, (c + 1) * length),
      count: count.subarray(c * length, (c + 1) * length),
    };
    return accumulate(view);
  });
}

/**
 * `recentStays` (commitment-model.ts) read off the daily sums instead of two more passes over a million
 * stays: the same stays (measured columns, ended by now, by the day they ended), the same totals (sums of
 * whole milliseconds, exact in any order and as differences of prefix sums below 2^53 ms).
 */
function recentOf(sums: readonly DailySums[], done: number, width: number, today: number): RecentStays {
  const recent: RecentStays = {
    last: null,
    width,
    sum: new Float64Array(sums.length),
    count: new Float64Array(sums.length),
  };
  let latest = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < done; c++) {
    const count = (sums[c] as DailySums).count;
    let i = count.length - 1;
    while (i > 0 && count[i] === count[i - 1]) i--;
    if (i > 0) latest = Math.max(latest, (sums[c] as DailySums).first + i - 1);
  }
  if (latest === Number.NEGATIVE_INFINITY) return recent;
  recent.last = Math.min(today, latest + width - 1);
  for (let c = 0; c < done; c++) {
    const total = windowTotal(sums[c] as DailySums, recent.last, width);
    recent.sum[c] = total.sum;
    recent.count[c] = total.count;
  }
  return recent;
}

const modelOf = (stages: FlowStages, recent: RecentStays): CommitmentModel => ({
  stages,
  recent,
  bottleneck: bottleneckOf(stages, recent),
});

/**
 * Active work ratio and the insight's sample, from the recent window's stays in in-progress columns. The
 * ratio counts committed work only: time in a backlog is not time lost. The sample is the stays the ratio
 * and the bottleneck read, so a backlog stay does not lend confidence to "no in-progress stay ended".
 */
function windowFacts(kinds: readonly ColumnKind[], recent: RecentStays, stages: FlowStages) {
  let productive = 0;
  let waiting = 0;
  let samples = 0;
  for (let c = 0; c < stages.done; c++) {
    if (stages.stages[c] !== 'in_progress') continue;
    samples += recent.count[c] as number;
    if (kinds[c] === 'productive') productive += recent.sum[c] as number;
    if (kinds[c] === 'waiting') waiting += recent.sum[c] as number;
  }
  return { productive, waiting, samples };
}

/**
 * The tiles and the insight: the active work ratio over the page's window (`recent`), the time-intensive
 * column over the bottleneck's own (`story`, the iteration), so it is the column Flow and Home name.
 */
function metricsOf(
  input: TimeInStateInput,
  recent: CommitmentModel,
  story: CommitmentModel,
  kinds: readonly ColumnKind[],
  unit: DayUnit,
): TimeInStateMetrics {
  const f = windowFacts(kinds, recent.recent, recent.stages);
  // The time-intensive column is the board's bottleneck: never a queue before the commitment point.
  const slow = story.bottleneck;
  const busy = f.productive + f.waiting;
  const activeWorkRatio = busy > 0 ? round((100 * f.productive) / busy, 1) : null;
  const queue = queueHealth(input, input.items);
  return {
    time_intensive_column: slow?.column ?? null,
    stage_intensity: slow?.intensity ?? 0,
    active_work_ratio: activeWorkRatio,
    queue_health_ratio: queue.ratio,
    bottleneck: slow && { ...slow, window_days: story.recent.width },
    performance_insight: timeInStateInsight({
      column: slow?.column ?? null,
      columnDays: slow?.days ?? 0,
      intensity: slow?.intensity ?? 0,
      activeWorkRatio,
      queueHealth: queue.ratio,
      waitingNow: queue.waiting,
      openNow: queue.open,
      days: recent.recent.width,
      storyDays: story.recent.width,
      samples: f.samples,
      storySamples: slow?.samples ?? f.samples,
      unit,
    }),
  };
}

function dayEntry(t: BoardTimeline, sums: DailySums[], day: number, width: number): TimeInStateDay | null {
  const timeinstate: Record<string, number> = {};
  let samples = 0;
  for (const c of measuredColumns(t)) {
    const total = windowTotal(sums[c] as DailySums, day, width);
    samples += total.count;
    timeinstate[t.board.columns[c] as string] = days(mean(total));
  }
  return samples > 0 ? { timeinstate } : null;
}

/**
 * Builds the timeline the report reads (a loaded board's kept timeline, its stays walked once; nothing for
 * other moves), without the items: a caller may do it while the database counts the items' columns.
 */
export function prepareTimeInState(input: Omit<TimeInStateInput, 'items' | 'days'>): void {
  // Any other moves' timeline lives in scratch, to be built again by the report.
  if (timelinesKept(input.transitions)) buildTimeline(input, input.transitions);
}

/** The time-in-state response of docs/api.md (days and stays on the board's calendar): daily mean stay per column, tiles, insight and classification. */
export function buildTimeInStateReport(input: TimeInStateInput): TimeInStateResponse {
  const width = iterationDays(input.days);
  const t = buildTimeline(input, input.transitions);
  const calendar = buildCalendar(input.calendar);
  const today = calendar.dayOf(input.now);
  const column_classification = classifyColumns(input);
  const gaps = historyGaps(t, { first: today - width + 1, last: today }, calendar.dayOf, input.now);
  const first = firstDay(t, today, calendar);
  const sums = first === null ? [] : collectStays(t, first, input.now, calendar);
  const series: Record<string, TimeInStateDay> = {};
  let last: number | null = null;
  for (let day = first ?? today + 1; day <= today; day++) {
    const entry = dayEntry(t, sums, day, width);
    if (!entry) continue;
    series[isoDay(day)] = entry;
    last = day;
  }
  if (last === null) return fallback(input, column_classification, gaps, width);
  const stages = flowStages(input);
  const done = t.board.done;
  const recent = modelOf(stages, recentOf(sums, done, width, today));
  const storyDays = iterationDays(input.storyDays ?? width);
  const story = storyDays === width ? recent : modelOf(stages, recentOf(sums, done, storyDays, today));
  if (everyStayEndedBy(input, input.now)) keepRecentStays(t, calendar, today, story.recent);
  const metrics = metricsOf(input, recent, story, columnKinds(input), dayUnit(calendar));
  const gap = gapSentence(gaps.finished, lostStays(gaps), 'earlier stay');
  if (gap) metrics.performance_insight.message += gap;
  metrics.history_gaps = gaps;
  return { ...series, metrics, column_classification } as TimeInStateResponse;
}

/**
 * Whether the moves' timeline is kept and none of them is later than `now`: every stay that will have
 * ended, by any later instant, ended by `now` (the Flow report's bottleneck may then read this window).
 */
function everyStayEndedBy(input: TimeInStateInput, now: number): boolean {
  const { transitions } = input;
  return timelinesKept(transitions) && isTransitionColumns(transitions) && latestMove(transitions) <= now;
}

/**
 * The finished items whose earlier stays GitHub lost: a reconstructed joining gives an item its lead time
 * (issue 37) but not its stays before the known instant, so an item without a known cycle start counts too.
 * Without it the insight said "no stay in an in-progress column ended" of six items that went through
 * Doing, with no word of why.
 */
const lostStays = (gaps: HistoryGaps) => Math.max(gaps.without_board_entry, gaps.without_cycle_start);

/** No stay ended in the window: the fallback, or, when GitHub lost the history of its finished items, why. */
function fallback(
  input: TimeInStateInput,
  column_classification: TimeInStateResponse['column_classification'],
  gaps: HistoryGaps,
  width: number,
) {
  const queue = queueHealth(input, input.items);
  const gap = gapSentence(gaps.finished, lostStays(gaps), 'earlier stay');
  const metrics: TimeInStateMetrics = {
    time_intensive_column: null,
    stage_intensity: 0,
    active_work_ratio: null,
    queue_health_ratio: queue.ratio,
    bottleneck: null,
    performance_insight: gap
      ? insight('info', `No stay that ended in the last ${width} days is known.${gap}`, 0)
      : fallbackInsight(),
    history_gaps: gaps,
  };
  return { metrics, column_classification } as TimeInStateResponse;
}
