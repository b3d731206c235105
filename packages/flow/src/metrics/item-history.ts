import { buildCalendar, type CalendarSettings } from '../core/calendar.ts';
import { days, isoTime } from '../core/numbers.ts';
import { computeItemTimelines, type ItemTimeline } from '../timeline/item-timelines.ts';
import { ageIsMinimum, ageStartedAt } from '../timeline/partial-rule.ts';
import type { EstimateBasis } from '../timeline/reconstruct.ts';
import type { BoardColumns, Transition } from '../types.ts';
import type { Span } from './blocked-time.ts';
import { type SleRisk, sleRisk } from './service-level.ts';

/** One recorded move of the item, with how it was learnt (the API's words: webhook, poll, import…). */
export type ItemMoveRecord = Transition & { source: string; basis?: EstimateBasis | null };

export type ItemHistoryInput = BoardColumns & {
  itemId: string;
  /** Its column now (null: off the board). */
  column: string | null;
  /** When it entered that column, as the board's listing says (the start of an "at least" age). */
  enteredColumnAt: number | null;
  /** Its moves, in any order. */
  moves: readonly ItemMoveRecord[];
  /** The times it was blocked (blocked label or field value), up to `now`. */
  blocked: readonly Span[];
  /** The board's SLE, and per in-progress column the age by which its percent of items had left it. */
  sle: { percent: number; days: number; columnLimits: Readonly<Record<string, number | null>> } | null;
  now: number;
  calendar?: CalendarSettings;
};

/** Where an item stands against the SLE: finished within it or not, or (in progress) its risk. */
export type ItemSlePlace = 'met' | 'missed' | SleRisk;

export type ItemHistory = {
  /** `basis`: an estimated move's evidence (absent for a recorded one). */
  moves: { from: string | null; to: string | null; at: string; source: string; basis?: EstimateBasis }[];
  /** Time in each board column it stayed in, board order; `stays`: how many times it was there. */
  columns: { column: string; days: number; stays: number }[];
  blocked: { start: string; end: string | null; days: number }[];
  blocked_days: number;
  /** Its cycle start (entry into the commitment point, or the first later column it reached). */
  started_at: string | null;
  completed_at: string | null;
  lead_time_days: number | null;
  cycle_time_days: number | null;
  /** In progress: days since its cycle started (`age_is_minimum`: at least, its start being unknown). */
  age_days: number | null;
  age_is_minimum: boolean;
  /** Its moves before this instant were lost by GitHub (docs/metrics.md, "Partial histories"). */
  history_known_from: string | null;
  sle: { percent: number; days: number; place: ItemSlePlace } | null;
  unit: 'days' | 'working days';
};

const DONE_INDEX = -1;

/**
 * One item's story on the board, from its own moves (docs/metrics.md, "The item page"): each move with
 * its source, the time spent in each column (working time on a working calendar), its blocked spans, its
 * lead and cycle time once done or its age while in progress, and its place against the SLE. The same
 * entry rules as every analysis (a move back erases later entries), applied to this item alone.
 */
export function buildItemHistory(input: ItemHistoryInput): ItemHistory {
  const calendar = buildCalendar(input.calendar);
  const work = (from: number, to: number) => calendar.workingMs(from, Math.max(from, to));
  const moves = [...input.moves].filter((m) => m.at <= input.now).sort((a, b) => a.at - b.at);
  const [timeline] = computeItemTimelines({
    ...input,
    transitions: moves.map(({ source: _, basis: __, ...m }) => m),
  });
  const done = input.doneColumn ?? input.columns.at(DONE_INDEX) ?? null;
  const perColumn = new Map<string, { ms: number; stays: number }>();
  for (const stay of timeline?.stays ?? []) {
    if (stay.column === null || stay.column === done) continue;
    const entry = perColumn.get(stay.column) ?? { ms: 0, stays: 0 };
    entry.ms += work(stay.start, stay.end ?? input.now);
    entry.stays += 1;
    perColumn.set(stay.column, entry);
  }
  const known = input.partialHistory?.get(input.itemId) ?? null;
  const startColumn = input.cycleStartColumn ?? null;
  // Back-filled from the first later column reached, as every analysis reads it (skipped columns).
  const entered = startColumn === null ? null : (timeline?.entered[startColumn] ?? null);
  // A start at or before the instant its history is known from may be a back-fill (docs/metrics.md §16).
  const started = entered !== null && (known === null || entered > known) ? entered : null;
  const completedAt = timeline?.completedAt ?? null;
  const age = completedAt === null ? ageOf(input, timeline, done, work) : null;
  // The timeline decides whether they are known (a partial history has none before it is known);
  // on a working calendar they count working time, as every analysis does.
  const cycle =
    timeline?.cycleTimeMs != null && started !== null && completedAt !== null
      ? work(started, completedAt)
      : null;
  const lead =
    timeline?.leadTimeMs != null && timeline.firstEntryAt !== null && completedAt !== null
      ? work(timeline.firstEntryAt, completedAt)
      : null;
  return {
    moves: moves.map((m) => ({
      from: m.from,
      to: m.to,
      at: isoTime(m.at),
      source: m.source,
      ...(m.basis ? { basis: m.basis } : {}),
    })),
    columns: input.columns
      .filter((c) => perColumn.has(c))
      .map((column) => {
        const { ms, stays } = perColumn.get(column) as { ms: number; stays: number };
        return { column, days: days(ms), stays };
      }),
    blocked: input.blocked.map((s) => ({
      start: isoTime(s.start),
      end: s.open ? null : isoTime(s.end),
      days: days(work(s.start, s.end)),
    })),
    blocked_days: days(input.blocked.reduce((sum, s) => sum + work(s.start, s.end), 0)),
    started_at: started === null ? null : isoTime(started),
    completed_at: completedAt === null ? null : isoTime(completedAt),
    lead_time_days: lead === null ? null : days(lead),
    cycle_time_days: cycle === null ? null : days(cycle),
    age_days: age?.days ?? null,
    age_is_minimum: age?.minimum ?? false,
    history_known_from: known === null ? null : isoTime(known),
    sle: slePlace(input, { cycleDays: cycle === null ? null : days(cycle), ageDays: age?.days ?? null }),
    unit: calendar.partial ? 'working days' : 'days',
  };
}

/**
 * Its age while in progress (in a column from the cycle start up to done), by the one rule Flow's aging
 * chart applies (docs/metrics.md §16, `ageStartedAt`, `ageIsMinimum`): since its cycle start, else since
 * it entered its current column; "at least" when GitHub lost the history before that start.
 */
function ageOf(
  input: ItemHistoryInput,
  timeline: ItemTimeline | undefined,
  done: string | null,
  work: (from: number, to: number) => number,
): { days: number; minimum: boolean } | null {
  const startColumn = input.cycleStartColumn ?? null;
  if (startColumn === null || input.column === null || input.column === done) return null;
  const from = input.columns.indexOf(startColumn);
  const here = input.columns.indexOf(input.column);
  if (from < 0 || here < from) return null;
  const since = ageStartedAt(timeline, input.enteredColumnAt, startColumn);
  if (since === null) return null;
  return {
    days: days(work(Math.min(since, input.now), input.now)),
    minimum: ageIsMinimum(timeline, startColumn),
  };
}

function slePlace(
  input: ItemHistoryInput,
  { cycleDays, ageDays }: { cycleDays: number | null; ageDays: number | null },
): ItemHistory['sle'] {
  const sle = input.sle;
  if (!sle) return null;
  const base = { percent: sle.percent, days: sle.days };
  if (cycleDays !== null) return { ...base, place: cycleDays <= sle.days ? 'met' : 'missed' };
  if (ageDays === null || input.column === null) return null;
  return { ...base, place: sleRisk(ageDays, sle.columnLimits[input.column] ?? null, sle) };
}
