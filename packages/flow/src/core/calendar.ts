import { DayCache } from './day-cache.ts';
import { type ZoneDays, zoneDays } from './time-zone.ts';

/** A board's working calendar as it is set (docs/metrics.md, "Calendar"). */
export type CalendarSettings = {
  /** IANA name, "UTC" or a fixed offset such as "+05:30" (default UTC). */
  timeZone?: string;
  /** Days of the week that are not worked, 0 = Sunday … 6 = Saturday (default none). */
  weekends?: readonly number[];
  /** Dates (YYYY-MM-DD, local) that are not worked. */
  holidays?: readonly string[];
};

/** The days of a time zone, and which of them are worked. */
export type Calendar = ZoneDays & {
  /** Some days are not worked: durations count working time only, forecasts working days only. */
  partial: boolean;
  isWorkingDay(day: number): boolean;
  /**
   * Working time between two instants (0 when `to` ≤ `from`); `to − from` when every day is worked.
   * `toDay`, when the caller has it already, is `dayOf(to)`.
   */
  workingMs(from: number, to: number, toDay?: number): number;
  /** The `n`-th working day after `day` (n ≥ 1); `day + n` when every day is worked. */
  addWorkingDays(day: number, n: number): number;
};

export class CalendarError extends Error {}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number (days since 1970-01-01) of a YYYY-MM-DD date; throws on anything else. */
export function dayOfDate(text: string): number {
  const m = ISO_DATE.exec(text.trim());
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || new Date(ms).toISOString().slice(0, 10) !== text.trim())
    throw new CalendarError(`not a date (YYYY-MM-DD): ${text}`);
  return ms / 86_400_000;
}

/** Day of the week of a day number, 0 = Sunday (1970-01-01 was a Thursday). */
export const weekday = (day: number) => (((day + 4) % 7) + 7) % 7;

function workingDays(settings: CalendarSettings): (day: number) => boolean {
  const weekends = new Set(settings.weekends ?? []);
  for (const d of weekends)
    if (!Number.isInteger(d) || d < 0 || d > 6) throw new CalendarError(`not a day of the week (0–6): ${d}`);
  if (weekends.size === 7) throw new CalendarError('every day of the week is a weekend day');
  const holidays = new Set((settings.holidays ?? []).map(dayOfDate));
  return (day) => !weekends.has(weekday(day)) && !holidays.has(day);
}

/**
 * Cumulative working time at local day starts, grown on demand, so the full days between two instants
 * cost O(1) once built: `between(first, end)` is the working time of the days first … end − 1. Both ends
 * are brought into range before either is read (a rebuild moves the base the sums count from).
 */
function workingPrefix(zone: ZoneDays, isWorking: (day: number) => boolean) {
  let base = 0;
  let sums = new Float64Array(0);
  const build = (from: number, to: number) => {
    base = from;
    sums = new Float64Array(to - from + 1);
    for (let d = from; d < to; d++)
      sums[d - from + 1] =
        (sums[d - from] as number) + (isWorking(d) ? zone.startOf(d + 1) - zone.startOf(d) : 0);
  };
  return (first: number, end: number): number => {
    const last = base + sums.length - 1;
    if (sums.length === 0 || first < base || end > last) {
      const from = Math.min(first, sums.length ? base : first) - 366;
      build(from, Math.max(end, sums.length ? last : end) + 366);
    }
    return (sums[end - base] as number) - (sums[first - base] as number);
  };
}

/** Calendars already built, by their settings: their per-day tables are reused by the next analysis. */
const built = new Map<string, Calendar>();

/** The calendar of these settings (kept: the same settings give the same, already warm, calendar). */
export function buildCalendar(settings: CalendarSettings = {}): Calendar {
  const key = JSON.stringify([settings.timeZone ?? 'UTC', settings.weekends ?? [], settings.holidays ?? []]);
  let calendar = built.get(key);
  if (!calendar) {
    calendar = newCalendar(settings);
    if (built.size >= 64) built.delete(built.keys().next().value as string);
    built.set(key, calendar);
  }
  return calendar;
}

function newCalendar(settings: CalendarSettings): Calendar {
  const zone = zoneDays(settings.timeZone);
  const rule = workingDays(settings);
  const known = new DayCache();
  const isWorkingDay = (day: number) => {
    let worked = known.get(day);
    if (Number.isNaN(worked)) worked = known.set(day, rule(day) ? 1 : 0);
    return worked === 1;
  };
  const partial = (settings.weekends?.length ?? 0) > 0 || (settings.holidays?.length ?? 0) > 0;
  if (!partial) {
    const always = () => true;
    const span = (from: number, to: number) => Math.max(0, to - from);
    return { ...zone, partial, isWorkingDay: always, workingMs: span, addWorkingDays: (d, n) => d + n };
  }
  const between = workingPrefix(zone, isWorkingDay);
  const workingMs = (from: number, to: number, toDay?: number) => {
    if (!(to > from)) return 0;
    const a = zone.dayOf(from);
    const b = toDay ?? zone.dayOf(to);
    if (a === b) return isWorkingDay(a) ? to - from : 0;
    const head = isWorkingDay(a) ? zone.startOf(a + 1) - from : 0;
    const tail = isWorkingDay(b) ? to - zone.startOf(b) : 0;
    return head + between(a + 1, b) + tail;
  };
  const addWorkingDays = (day: number, n: number) => {
    let d = day;
    for (let left = n; left > 0; ) if (isWorkingDay(++d)) left--;
    return d;
  };
  return { ...zone, partial, isWorkingDay, workingMs, addWorkingDays };
}

/** UTC, every day worked: today's results. */
export const UTC_CALENDAR: Calendar = buildCalendar();
