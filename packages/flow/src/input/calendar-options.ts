import { CalendarError } from '../core/calendar.ts';

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** "sat,sun" or "fri,sat" (names or 0–6, 0 = Sunday) → days of the week; "" → none. */
export function parseWeekends(text: string): number[] {
  return text
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '')
    .map((part) => {
      const day = /^[0-6]$/.test(part) ? Number(part) : DAY_NAMES.indexOf(part.slice(0, 3));
      if (day < 0 || (part.length > 3 && !/^[a-z]+day$/.test(part)))
        throw new CalendarError(`not a day of the week: ${part}`);
      return day;
    });
}

/** One date a line (YYYY-MM-DD), as pasted or read by the CLI; blank lines and `#` comments are skipped. Validated by the calendar. */
export function parseHolidayLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '');
}
