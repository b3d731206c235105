import { readDate } from '@fluxion/contract/dates';
import { DayCache } from '@fluxion/contract/day-cache';
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
   * `toDay` and `fromDay`, when the caller has them already, are `dayOf(to)` and `dayOf(from)`.
   */
  workingMs(from: number, to: number, toDay?: number, fromDay?: number): number;
  /** The `n`-th working day after `day` (n ≥ 1); `day + n` when every day is worked. */
  addWorkingDays(day: number, n: number): number;
};

export class CalendarError extends Error {}

/**
 * Day number (days since 1970-01-01) of a YYYY-MM-DD date from 1970-01-01 to 9999-12-31; throws on
 * anything else. Read by the contract's one reader of dates, which the API's schemas use too.
 */
export function dayOfDate(text: string): number {
  const { day, problem } = readDate(text.trim());
  if (day === undefined) throw new CalendarError(`not a date (YYYY-MM-DD): ${problem}`);
  return day;
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
 * Working time as a flat table by local day, grown on demand: `start[i]` is day `base + i`'s first
 * instant, `worked[i]` whether it is worked, `before[i]` the working time of the days before it (from
 * `base`). The working time up to an instant of day d is then `before[d] + (worked[d] ? t − start[d] : 0)`,
 * and between two instants the difference: a few array reads per stay, with no call per day.
 */
function workingTable(zone: ZoneDays, isWorking: (day: number) => boolean) {
  let base = 0;
  let start = new Float64Array(0);
  let worked = new Uint8Array(0);
  let before = new Float64Array(0);
  const build = (from: number, to: number) => {
    base = from;
    start = new Float64Array(to - from + 1);
    worked = new Uint8Array(to - from + 1);
    before = new Float64Array(to - from + 1);
    for (let d = from; d <= to; d++) start[d - from] = zone.startOf(d);
    for (let d = from; d < to; d++) {
      const i = d - from;
      worked[i] = isWorking(d) ? 1 : 0;
      before[i + 1] =
        (before[i] as number) + (worked[i] ? (start[i + 1] as number) - (start[i] as number) : 0);
    }
  };
  /**
   * The table's day whose span [start, next start) holds `t`, from its local date `day`: they differ
   * only where a DST change sets the clock back across midnight (America/St_Johns until 2010: 00:01
   * back to 23:01), when an instant after the next day started reads the previous date again.
   */
  const spanOf = (t: number, day: number): number => {
    let i = day - base;
    while (i > 0 && t < (start[i] as number)) i--;
    while (i + 2 < start.length && t >= (start[i + 1] as number)) i++;
    return i;
  };
  /** Working time from `from` (on local day `a`) to `to` (on day `b`), `from` < `to`. */
  return (from: number, a: number, to: number, b: number): number => {
    // Day b's entry needs day b + 1's start (and one day more either side for `spanOf`).
    const low = Math.min(a, b) - 1;
    const high = Math.max(a, b) + 2;
    if (start.length === 0 || low < base || high >= base + start.length) {
      const first = Math.min(low, start.length ? base : low) - 366;
      build(first, Math.max(high, start.length ? base + start.length - 1 : high) + 366);
    }
    const i = spanOf(from, a);
    const j = spanOf(to, b);
    const head = worked[i] ? from - (start[i] as number) : 0;
    const tail = worked[j] ? to - (start[j] as number) : 0;
    return (before[j] as number) - (before[i] as number) + tail - head;
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
  const between = workingTable(zone, isWorkingDay);
  const workingMs = (from: number, to: number, toDay?: number, fromDay?: number) =>
    to > from ? between(from, fromDay ?? zone.dayOf(from), to, toDay ?? zone.dayOf(to)) : 0;
  const addWorkingDays = (day: number, n: number) => {
    let d = day;
    for (let left = n; left > 0; ) if (isWorkingDay(++d)) left--;
    return d;
  };
  return { ...zone, partial, isWorkingDay, workingMs, addWorkingDays };
}

/** UTC, every day worked: today's results. */
export const UTC_CALENDAR: Calendar = buildCalendar();
