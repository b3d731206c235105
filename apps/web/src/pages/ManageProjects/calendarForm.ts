import type { BoardCalendar, Project } from '@fluxion/contract';
import { isIsoDate } from '@fluxion/contract/dates';

/** The calendar as the Edit dialog holds it: holidays as typed or pasted, one date a line. */
export type CalendarChoice = { timeZone: string; weekends: number[]; holidaysText: string };

/** Saturday and Sunday: what "exclude weekends" starts from. */
export const DEFAULT_WEEKEND = [6, 0];

export function initialCalendar(project: Project): CalendarChoice {
  const calendar = project.calendar;
  return {
    timeZone: calendar?.time_zone ?? 'UTC',
    weekends: calendar?.weekends ?? [],
    holidaysText: (calendar?.holidays ?? []).join('\n'),
  };
}

/** One date a line (blank lines skipped, duplicates once, sorted), or the first line that is not a date. */
export function parseHolidays(text: string): { holidays: string[] } | { badLine: string } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  // The server's own reader of dates: a line accepted here is a holiday the server accepts.
  const bad = lines.find((line) => !isIsoDate(line));
  if (bad !== undefined) return { badLine: bad };
  return { holidays: [...new Set(lines)].sort() };
}

/** The request's calendar, or the line to fix. */
export function calendarRequest(choice: CalendarChoice): { calendar: BoardCalendar } | { badLine: string } {
  const parsed = parseHolidays(choice.holidaysText);
  if ('badLine' in parsed) return parsed;
  const weekends = [...new Set(choice.weekends)].sort((a, b) => a - b);
  return { calendar: { time_zone: choice.timeZone, weekends, holidays: parsed.holidays } };
}

/** Every IANA zone this browser knows, UTC first; the board's own zone kept even if unknown here. */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = known.filter((zone) => zone !== 'UTC');
  return ['UTC', ...(current !== 'UTC' && !zones.includes(current) ? [current] : []), ...zones];
}
