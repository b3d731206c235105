import { z } from 'zod';
import { FIRST_DATE, LAST_DATE, readDate } from './dates.ts';

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

/**
 * A calendar date YYYY-MM-DD from 1970-01-01 to 9999-12-31, read by the one reader of dates
 * (`dates.ts`) that the engine uses too: a date accepted here is one every analysis can use.
 */
export function isoDateSchema() {
  return z
    .string()
    .superRefine((text, ctx) => {
      const { problem } = readDate(text);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem, input: text });
    })
    .meta({
      format: 'date',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: `a date from ${FIRST_DATE} to ${LAST_DATE}`,
    });
}

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
  holidays: z.array(z.string().trim().pipe(isoDateSchema())).max(1000),
});
export type BoardCalendar = z.infer<typeof calendarSchema>;

/** UTC, every day worked: what a board has until someone sets its calendar. */
export const DEFAULT_CALENDAR: BoardCalendar = { time_zone: 'UTC', weekends: [], holidays: [] };
