/**
 * The one reader of calendar dates (YYYY-MM-DD) and of instants (ISO 8601 with a zone), without zod:
 * the API's schemas, the engine's calendar, the server and the web all read dates through it, so a
 * date one of them accepts is a date the others can use (once `Date.parse` took 0050-01-01 while
 * `Date.UTC` read it as 1950, and one stored holiday took a board down).
 *
 * Dates are read by arithmetic, never through `Date.UTC` or `Date.parse` (which read years 0–99 as
 * 1900–1999, and accept more than ISO 8601). Accepted: real dates from 1970-01-01 to 9999-12-31.
 */

/** The first and last dates accepted (GitHub Projects boards start in 2021; four-digit years end in 9999). */
export const FIRST_DATE = '1970-01-01';
export const LAST_DATE = '9999-12-31';
const FIRST_YEAR = 1970;
const LAST_YEAR = 9999;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month: number) =>
  month === 2 && isLeap(year) ? 29 : (MONTH_DAYS[month - 1] as number);

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** A date read: its day number (days since 1970-01-01), or why the text is not an accepted date. */
export type DateReading = { day: number; problem?: undefined } | { day?: undefined; problem: string };

const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Reads a calendar date YYYY-MM-DD (exactly: no spaces, no time) from 1970-01-01 to 9999-12-31. */
export function readDate(text: unknown): DateReading {
  if (typeof text !== 'string') return { problem: 'must be a date as YYYY-MM-DD' };
  const m = DATE.exec(text);
  if (!m) return { problem: `must be a date as YYYY-MM-DD, not "${shown(text)}"` };
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return { problem: `no such date: ${text}` };
  if (year < FIRST_YEAR || year > LAST_YEAR)
    return { problem: `${text} is not between ${FIRST_DATE} and ${LAST_DATE}` };
  return { day: daysFromCivil(year, month, day) };
}

/** Day number (days since 1970-01-01) of an accepted date, or null. */
export function dayOfIsoDate(text: unknown): number | null {
  return readDate(text).day ?? null;
}

/** Whether a text is an accepted calendar date. */
export const isIsoDate = (text: unknown): text is string => readDate(text).problem === undefined;

const INSTANT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/i;

/**
 * Reads an instant as GitHub and the API write it, ISO 8601 with its zone ("2026-11-01T09:00:00Z",
 * "2026-11-01T10:00:00.5+01:00"), on an accepted date; null for anything else.
 */
export function instantMs(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = INSTANT.exec(text);
  if (!m) return null;
  const day = dayOfIsoDate(m[1]);
  if (day === null) return null;
  const zone = (m[6] as string).toUpperCase();
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone === 'Z' ? '0000' : zone.slice(1).replace(':', '');
  const offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  const millis = Math.floor(Number(`0${m[5] ?? ''}`) * 1000);
  const local =
    day * DAY_MS + (Number(m[2]) * 60 + Number(m[3])) * 60_000 + Number(m[4] ?? 0) * 1000 + millis;
  return local - offsetMin * 60_000;
}
