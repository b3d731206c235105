import { type BoardCalendar, calendarSchema, DEFAULT_CALENDAR } from '@fluxion/contract';
import type { CalendarSettings } from '@fluxion/flow';
import type { z } from 'zod';
import { setBoardCalendar } from '../boards/repository.ts';
import type { Db } from '../db/connection.ts';

/**
 * The stored calendar of a board (JSON text); the default (UTC, every day worked) when unset or not JSON.
 * A stored part that cannot be used (a holiday written before the dates were checked as now, a zone this
 * runtime does not know) is left out, with a warning, rather than refused: one bad setting must not
 * take the board's analyses down for everyone who tracks it. Saving refuses such parts (calendarSchema).
 */
export function boardCalendar(stored: string | null, warn: UnusableWarning = warnOnce): BoardCalendar {
  if (stored === null) return DEFAULT_CALENDAR;
  const parsed = calendarSchema.safeParse(readJson(stored));
  if (parsed.success) return parsed.data;
  const problems: string[] = [];
  const calendar = usableParts(readJson(stored), problems);
  warn(stored, problems);
  return calendar;
}

/** Called with a stored calendar and what of it was left out. */
export type UnusableWarning = (stored: string, problems: string[]) => void;

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function usableParts(value: unknown, problems: string[]): BoardCalendar {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (stored !== value) problems.push('not a calendar: the default is used');
  const part = <S extends z.ZodType>(name: string, schema: S, fallback: z.output<S>): z.output<S> => {
    if (!(name in stored)) return fallback;
    const read = schema.safeParse(stored[name]);
    if (read.success) return read.data;
    problems.push(`${name}: ${read.error.issues[0]?.message ?? 'unusable'}`);
    return fallback;
  };
  const shape = calendarSchema.shape;
  const time_zone = part('time_zone', shape.time_zone, DEFAULT_CALENDAR.time_zone);
  const weekends = part('weekends', shape.weekends, DEFAULT_CALENDAR.weekends);
  const list = Array.isArray(stored.holidays) ? stored.holidays : [];
  if ('holidays' in stored && !Array.isArray(stored.holidays)) problems.push('holidays: not a list');
  const holidays: string[] = [];
  for (const holiday of list) {
    const read = shape.holidays.element.safeParse(holiday);
    if (read.success) holidays.push(read.data);
    else problems.push(`holiday ${JSON.stringify(holiday)}: ${read.error.issues[0]?.message ?? 'unusable'}`);
  }
  return { time_zone, weekends, holidays: holidays.slice(0, 1000) };
}

const warned = new Set<string>();

/** Each unusable stored calendar is said once per process (it is read on every request). */
function warnOnce(stored: string, problems: string[]): void {
  if (warned.has(stored)) return;
  if (warned.size >= 1000) warned.clear();
  warned.add(stored);
  console.warn(`A board's stored calendar has parts that cannot be used, left out: ${problems.join('; ')}`);
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
  await setBoardCalendar(db, boardId, text);
}
