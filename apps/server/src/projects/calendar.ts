import { type BoardCalendar, calendarSchema, DEFAULT_CALENDAR } from '@fluxion/contract';
import type { CalendarSettings } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';

/** The stored calendar of a board (JSON text); the default (UTC, every day worked) when unset or unreadable. */
export function boardCalendar(stored: string | null): BoardCalendar {
  if (stored === null) return DEFAULT_CALENDAR;
  try {
    const parsed = calendarSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : DEFAULT_CALENDAR;
  } catch {
    return DEFAULT_CALENDAR;
  }
}

/** The engine's calendar settings for a board's stored calendar. */
export function engineCalendar(calendar: BoardCalendar): CalendarSettings {
  return { timeZone: calendar.time_zone, weekends: calendar.weekends, holidays: calendar.holidays };
}

/** A short, stable text of a calendar for cache keys: '' for the default, so default keys are unchanged. */
export function calendarKey(calendar: BoardCalendar): string {
  const isDefault = calendar.time_zone === 'UTC' && calendar.weekends.length + calendar.holidays.length === 0;
  return isDefault ? '' : JSON.stringify(calendar);
}

/**
 * Sets a board's calendar for everyone who tracks it (stored as null for the default). The analyses'
 * cache keys hold the calendar, so the next answer is computed under it; the stored moves do not change.
 */
export async function saveBoardCalendar(db: Db, boardId: string, calendar: BoardCalendar): Promise<void> {
  const text = calendarKey(calendar) === '' ? null : JSON.stringify(calendar);
  await db.updateTable('boards').set({ calendar: text }).where('id', '=', boardId).execute();
}
