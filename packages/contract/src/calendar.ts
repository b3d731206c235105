import { z } from 'zod';

const FIXED_OFFSET = /^[+-](0\d|1[0-4]):[0-5]\d$/;

/** An IANA time zone name this runtime knows ("Europe/Paris"), "UTC", or a fixed offset ("+05:30"). */
export function isTimeZone(name: string): boolean {
  if (name === 'UTC' || FIXED_OFFSET.test(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a holiday is a date YYYY-MM-DD')
  .refine((text) => {
    const ms = Date.parse(`${text}T00:00:00Z`);
    return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(text);
  }, 'no such date');

/**
 * A board's working calendar (docs/metrics.md §12), shared by everyone who tracks the board: its time
 * zone, the days of the week not worked (0 = Sunday … 6 = Saturday; none by default) and its holidays.
 */
export const calendarSchema = z.object({
  time_zone: z.string().trim().min(1).max(64).refine(isTimeZone, 'an IANA time zone such as Europe/Paris'),
  weekends: z
    .array(z.number().int().min(0).max(6))
    .max(6, 'at least one day of the week must be worked')
    .refine((days) => new Set(days).size === days.length, 'a weekend day is listed twice'),
  holidays: z.array(isoDate).max(1000),
});
export type BoardCalendar = z.infer<typeof calendarSchema>;

/** UTC, every day worked: what a board has until someone sets its calendar. */
export const DEFAULT_CALENDAR: BoardCalendar = { time_zone: 'UTC', weekends: [], holidays: [] };
