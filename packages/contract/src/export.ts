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

export { wallClockMs, zonedIso } from './time-zone.ts';
