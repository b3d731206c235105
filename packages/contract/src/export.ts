import { z } from 'zod';
import type { BoardCalendar } from './calendar.ts';
import { itemFilterQueryShape } from './filters.ts';

/**
 * GET /api/export/items.csv?project= — every item of the board now, one CSV row each, narrowed by the
 * analyses' item filter (docs/metrics.md, "Filters").
 */
export const itemsExportQuerySchema = z.object({
  project: z.string({ error: 'project is required' }).trim().min(1, 'project is required').max(200),
  ...itemFilterQueryShape,
});

/** What a CSV header says of the board's calendar: its time zone, and whether days are working days. */
export type ExportCalendar = { timeZone: string; daysOff: boolean };

export function exportCalendar(calendar: BoardCalendar | null | undefined): ExportCalendar {
  if (!calendar) return { timeZone: 'UTC', daysOff: false };
  return { timeZone: calendar.time_zone, daysOff: calendar.weekends.length + calendar.holidays.length > 0 };
}

/**
 * The header words of every export (docs/api.md, "Export"), the same on the server and in the web: a
 * day column names the board's time zone; an instant is written in that zone with its offset; a
 * duration is in working days when the calendar has days off.
 */
export function exportHeader(calendar: ExportCalendar) {
  return {
    day: (what = 'Date') => `${what} (${calendar.timeZone})`,
    instant: (what: string) => `${what} (${calendar.timeZone}, ISO 8601 with offset)`,
    days: (what: string) => `${what} (${calendar.daysOff ? 'working days' : 'days'})`,
  };
}

const DAY_MS = 86_400_000;
const FIXED = /^([+-])(\d{2}):(\d{2})$/;
const GMT = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?)?$/;

/** Offset of an IANA zone at an instant, in ms, from Intl's "GMT+01:00". */
function intlOffset(timeZone: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  return (ms) => {
    const name = format.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const m = GMT.exec(name);
    if (!m?.[1]) return 0;
    // Whole minutes, as ISO 8601 writes offsets (only local mean times before 1900 have seconds).
    const minutes = Math.round(Number(m[2]) * 60 + Number(m[3] ?? 0) + Number(m[4] ?? 0) / 60);
    return (m[1] === '-' ? -minutes : minutes) * 60_000;
  };
}

/**
 * Offsets by UTC day, read twice per day (its start and end) and kept: a day whose two differ (a DST
 * change, at most one a day) reads Intl per instant. A 100,000-item export then costs a few hundred reads.
 */
function cachedOffset(read: (ms: number) => number): (ms: number) => number {
  const byDay = new Map<number, number>();
  return (ms) => {
    const day = Math.floor(ms / DAY_MS);
    let offset = byDay.get(day);
    if (offset === undefined) {
      const start = read(day * DAY_MS);
      offset = start === read((day + 1) * DAY_MS - 1) ? start : Number.NaN;
      if (byDay.size >= 100_000) byDay.clear();
      byDay.set(day, offset);
    }
    return Number.isNaN(offset) ? read(ms) : offset;
  };
}

const offsets = new Map<string, (ms: number) => number>();

function offsetOf(timeZone: string): (ms: number) => number {
  let offset = offsets.get(timeZone);
  if (!offset) {
    const fixed = FIXED.exec(timeZone);
    const size = fixed ? (Number(fixed[2]) * 60 + Number(fixed[3])) * 60_000 : 0;
    const constant = fixed?.[1] === '-' ? -size : size;
    offset = timeZone === 'UTC' || fixed ? () => constant : cachedOffset(intlOffset(timeZone));
    offsets.set(timeZone, offset);
  }
  return offset;
}

const pad = (n: number) => String(n).padStart(2, '0');

const offsetTexts = new Map<number, string>();

function offsetText(offsetMs: number): string {
  let text = offsetTexts.get(offsetMs);
  if (text === undefined) {
    const minutes = Math.round(Math.abs(offsetMs) / 60_000);
    text = `${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    offsetTexts.set(offsetMs, text);
  }
  return text;
}

/**
 * An instant as the wall clock of a time zone reads it, counted as if that clock were UTC: a chart whose
 * axis formats UTC dates then shows the zone's local days (days on the board's calendar).
 */
export function wallClockMs(ms: number, timeZone: string): number {
  return ms + offsetOf(timeZone)(ms);
}

/**
 * An instant as ISO 8601 in a time zone, with that zone's offset then, to the second:
 * 2026-11-03T10:15:00+01:00 in Europe/Paris, 2026-11-03T09:15:00+00:00 in UTC. Another engine reading
 * it gets the same instant back; a person reads the board's wall clock.
 */
export function zonedIso(ms: number, timeZone: string): string {
  const offset = offsetOf(timeZone)(ms);
  return `${new Date(Math.floor(ms / 1000) * 1000 + offset).toISOString().slice(0, 19)}${offsetText(offset)}`;
}
