import { z } from 'zod';
import type { BoardCalendar } from './calendar.ts';
import { historyQueryShape, itemFilterQueryShape } from './filters.ts';
import { moveSourceSchema } from './item-history.ts';

/**
 * GET /api/export/items.csv?project= — every item of the board now, one CSV row each, narrowed by the
 * analyses' item filter (docs/metrics.md, "Filters").
 */
export const itemsExportQuerySchema = z.object({
  project: z.string({ error: 'project is required' }).trim().min(1, 'project is required').max(200),
  ...itemFilterQueryShape,
  ...historyQueryShape,
});

/**
 * GET /api/export/moves.csv and moves.json?project= — the board's audit log: every move Fluxion recorded,
 * in the order it recorded them, with how it learnt each (docs/api.md, "Export").
 */
export const movesExportQuerySchema = z.object({
  project: z.string({ error: 'project is required' }).trim().min(1, 'project is required').max(200),
});

/** One move of the audit log (moves.json): instants in UTC, ISO 8601. */
export const auditedMoveSchema = z.object({
  /** Fluxion's record id: the order it recorded moves in. */
  id: z.number().int(),
  item_id: z.string(),
  number: z.number().int().nullable(),
  title: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** When the item moved: GitHub's stamp, or when Fluxion first saw it there (source poll or listing). */
  at: z.string(),
  source: moveSourceSchema,
  /** When Fluxion recorded it. */
  recorded_at: z.string(),
});
export const movesAuditSchema = z.object({
  board: z.object({ id: z.string(), title: z.string() }),
  moves: z.array(auditedMoveSchema),
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
