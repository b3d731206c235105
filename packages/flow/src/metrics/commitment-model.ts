import { buildCalendar, type Calendar } from '../core/calendar.ts';
import { days, iterationDays, round } from '../core/numbers.ts';
import { type FlowStages, flowStages } from '../input/stages.ts';
import { upTo } from '../input/transitions.ts';
import { type BoardTimeline, buildTimeline, type Stays } from '../timeline/timeline.ts';
import type { FlowInput } from '../types.ts';

/**
 * The stays that ended in the recent window, per column: the `width` days ending on `last`, the last
 * day whose window holds an ended stay of a column before done (normally today). Times are working time
 * on a calendar with days off. The Time in State tiles and the bottleneck read this one window.
 */
export type RecentStays = {
  /** The window's last day (days since 1970-01-01 on the board's calendar); null without any ended stay. */
  last: number | null;
  width: number;
  /** Per column, by position: total time (ms) and count of the stays that ended in the window. */
  sum: Float64Array;
  count: Float64Array;
};

function addStay(result: RecentStays, calendar: Calendar, column: number, start: number, end: number): void {
  const time = calendar.partial ? calendar.workingMs(start, end, calendar.dayOf(end)) : end - start;
  result.sum[column] = (result.sum[column] as number) + time;
  result.count[column] = (result.count[column] as number) + 1;
}

export function recentStays(t: BoardTimeline, now: number, width: number, calendar: Calendar): RecentStays {
  const columns = t.board.columns.length;
  const result: RecentStays = {
    last: null,
    width,
    sum: new Float64Array(columns),
    count: new Float64Array(columns),
  };
  const s = t.stays;
  const done = t.board.done;
  // One flat pass over the stays (a million on a big board) finds the latest end and sums the stays of
  // the window that ends today; a board whose latest stay ended before that window (idle for longer than
  // its width) is passed over again for its own window.
  const today = calendar.dayOf(now);
  const todays = calendar.startOf(today - width + 1);
  let latest = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < s.count; i++) {
    const column = s.column[i] as number;
    const end = s.end[i] as number;
    if (column < 0 || column >= done || !(end <= now)) continue;
    if (end > latest) latest = end;
    if (end >= todays) addStay(result, calendar, column, s.start[i] as number, end);
  }
  if (latest === Number.NEGATIVE_INFINITY) return result;
  const last = Math.min(today, calendar.dayOf(latest) + width - 1);
  if (last !== today) {
    result.sum.fill(0);
    result.count.fill(0);
    const from = calendar.startOf(last - width + 1);
    for (let i = 0; i < s.count; i++) {
      const column = s.column[i] as number;
      const end = s.end[i] as number;
      if (column < 0 || column >= done || !(end <= now) || end < from) continue;
      addStay(result, calendar, column, s.start[i] as number, end);
    }
  }
  result.last = last;
  return result;
}

/** The column where committed work waits longest (docs/metrics.md, "One model of commitment"). */
export type Bottleneck = {
  column: string;
  /** Its mean stay in the recent window, in days (2 decimals). */
  days: number;
  /** That mean over the mean of the other in-progress columns' means (2 decimals, capped at 100; 1 alone). */
  intensity: number;
  /** Stays ended in the window in the in-progress columns: what the figure rests on. */
  samples: number;
};

/**
 * The bottleneck: among the in-progress columns (never one before the commitment point, never done),
 * the one with the highest mean stay ended in the recent window, first in board order on a tie; null
 * when no in-progress column has an ended stay there.
 */
export function bottleneckOf(stages: FlowStages, recent: RecentStays): Bottleneck | null {
  let column = -1;
  let slowest = -1;
  let measured = 0;
  let total = 0;
  let samples = 0;
  stages.stages.forEach((stage, c) => {
    const count = recent.count[c] as number;
    if (stage !== 'in_progress' || count === 0) return;
    const mean = (recent.sum[c] as number) / count;
    measured++;
    total += mean;
    samples += count;
    if (mean > slowest) [column, slowest] = [c, mean];
  });
  if (column < 0) return null;
  const others = measured > 1 ? (total - slowest) / (measured - 1) : null;
  const intensity = others === null ? 1 : others > 0 ? Math.min(100, slowest / others) : 100;
  return {
    column: stages.columns[column] as string,
    days: days(slowest),
    intensity: round(intensity),
    samples,
  };
}

/** What every page tells of a board: its stages and its bottleneck, decided once (`commitmentModel`). */
export type CommitmentModel = {
  stages: FlowStages;
  recent: RecentStays;
  bottleneck: Bottleneck | null;
};

/** The board's story from its timeline: the stays of the recent window and the bottleneck among them. */
export function commitmentModelOf(
  stages: FlowStages,
  t: BoardTimeline,
  now: number,
  width: number,
  calendar: Calendar,
): CommitmentModel {
  const recent = keptRecent(t, calendar, calendar.dayOf(now), width) ?? recentStays(t, now, width, calendar);
  return { stages, recent, bottleneck: bottleneckOf(stages, recent) };
}

/**
 * Recent windows Time in State read off its daily sums, per kept timeline's stays (the same object for
 * every analysis of a loaded board's version): the Flow report of that version, day and calendar asks for
 * the bottleneck's window Time in State read (one story), and takes it from here instead of passing over a
 * million stays once more. Kept only when every stay that ended did so by the instant they were read for
 * (`keepRecentStays`), so a later instant counts the same stays.
 */
type KeptRecent = { calendar: Calendar; today: number; done: number; recent: RecentStays };
const keptRecents = new WeakMap<Stays, KeptRecent[]>();
const RECENT_KEPT = 4;

/**
 * Keeps `recent`, the window of `t`'s stays ended by day `today` on `calendar`, for `commitmentModelOf`.
 * The caller vouches that `t` is a kept timeline none of whose moves is later than the instant `recent` was
 * read for (the ends of its stays are its moves' instants).
 */
export function keepRecentStays(
  t: BoardTimeline,
  calendar: Calendar,
  today: number,
  recent: RecentStays,
): void {
  const list = keptRecents.get(t.stays) ?? [];
  list.unshift({ calendar, today, done: t.board.done, recent });
  if (list.length > RECENT_KEPT) list.pop();
  keptRecents.set(t.stays, list);
}

function keptRecent(
  t: BoardTimeline,
  calendar: Calendar,
  today: number,
  width: number,
): RecentStays | undefined {
  const done = t.board.done;
  return keptRecents
    .get(t.stays)
    ?.find((k) => k.calendar === calendar && k.today === today && k.done === done && k.recent.width === width)
    ?.recent;
}

export type CommitmentModelInput = FlowInput & {
  /** The window of the bottleneck: the board's iteration length in days (default 7). */
  days: number;
};

/** The story as the API tells it (the Issues page opens on its bottleneck, else the commitment point). */
export type CommitmentSummary = {
  commitment_column: string | null;
  bottleneck: (Bottleneck & { window_days: number }) | null;
};

/**
 * The board's commitment point and bottleneck, decided once: the same functions the Time in State and
 * Flow analyses call, for an answer that needs the story alone (the Issues page's default column).
 */
export function commitmentModel(input: CommitmentModelInput): CommitmentSummary {
  const stages = flowStages(input);
  const width = iterationDays(input.days);
  const t = buildTimeline(input, upTo(input.transitions, input.now));
  const { bottleneck } = commitmentModelOf(stages, t, input.now, width, buildCalendar(input.calendar));
  return {
    commitment_column: stages.commitmentColumn,
    bottleneck: bottleneck && { ...bottleneck, window_days: width },
  };
}
