/** Small numeric helpers shared by the reports. Nothing here returns NaN, Infinity or -0. */
import { formatter } from '@fluxion/contract/format';

export const DAY_MS = 86_400_000;

/** Rounds to `places` decimals; non-finite input becomes 0. */
export function round(value: number, places = 2): number {
  if (!Number.isFinite(value)) return 0;
  const factor = 10 ** places;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** A duration in days, rounded, never negative. */
export function days(ms: number, places = 2): number {
  return Math.max(0, round(ms / DAY_MS, places));
}

/** UTC day number (days since 1970-01-01) of an instant. */
export function dayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

const dayNames = new Map<number, string>();

/** `YYYY-MM-DD` of a UTC day number (cached: a board spans a few thousand days at most). */
export function isoDay(day: number): string {
  let name = dayNames.get(day);
  if (name === undefined) {
    if (dayNames.size > 100_000) dayNames.clear();
    name = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayNames.set(day, name);
  }
  return name;
}

/** Years 0000–9999, where `toISOString` writes a four-digit year. */
const FIRST_FOUR_DIGIT_MS = Date.parse('0000-01-01T00:00:00Z');
const LAST_FOUR_DIGIT_MS = Date.parse('9999-12-31T23:59:59.999Z');
const ZERO = 48;
const [COLON, DASH, DOT, T, Z] = [':', '-', '.', 'T', 'Z'].map((char) => char.charCodeAt(0)) as [
  number,
  number,
  number,
  number,
  number,
];
/** Days from 0000-03-01 (a 400-year era's start) to 1970-01-01, and one era more: every four-digit year's day is then ≥ 0. */
const MARCH_ZERO = 719_468 + 146_097;

/**
 * The order `a.localeCompare(b)` gives two instants written by `isoTime`, without the collator: in the
 * four-digit years' form (24 characters) the first difference is a digit, which the collator orders as
 * its code does; other forms are left to the collator.
 */
export function compareIsoTimes(a: string, b: string): number {
  if (a.length !== 24 || b.length !== 24) return a.localeCompare(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Same text as `new Date(ms).toISOString()`, as one flat string and with no call but the one that
 * writes it: the civil date is worked out in integers (H. Hinnant's `civil_from_days`), each digit by
 * integer division. The CLI report writes one per column entry (800,000 for a 100,000-item board), the
 * Flow report one per aging item and point; on a first, unoptimised run each call inside (a cached day's
 * text, a helper per digit) cost more than the arithmetic.
 */
export function isoTime(ms: number): string {
  const whole = Math.trunc(ms);
  if (!(whole >= FIRST_FOUR_DIGIT_MS && whole <= LAST_FOUR_DIGIT_MS)) return new Date(ms).toISOString();
  const day = Math.floor(whole / DAY_MS);
  const milli = whole - day * DAY_MS;
  const z = day + MARCH_ZERO;
  const era = (z / 146_097) | 0;
  const dayOfEra = z - era * 146_097;
  const yearOfEra =
    ((dayOfEra - ((dayOfEra / 1460) | 0) + ((dayOfEra / 36_524) | 0) - ((dayOfEra / 146_096) | 0)) / 365) | 0;
  const dayOfYear = dayOfEra - (365 * yearOfEra + ((yearOfEra / 4) | 0) - ((yearOfEra / 100) | 0));
  const fromMarch = ((5 * dayOfYear + 2) / 153) | 0;
  const date = dayOfYear - (((153 * fromMarch + 2) / 5) | 0) + 1;
  const month = fromMarch < 10 ? fromMarch + 3 : fromMarch - 9;
  const year = yearOfEra + (era - 1) * 400 + (month <= 2 ? 1 : 0);
  const h = (milli / 3_600_000) | 0;
  const m = ((milli / 60_000) | 0) % 60;
  const s = ((milli / 1000) | 0) % 60;
  const f = milli % 1000;
  // biome-ignore format: YYYY-MM-DDTHH:MM:SS.mmmZ
  return String.fromCharCode(
    ZERO + ((year / 1000) | 0), ZERO + (((year / 100) | 0) % 10), ZERO + (((year / 10) | 0) % 10), ZERO + (year % 10),
    DASH, ZERO + ((month / 10) | 0), ZERO + (month % 10), DASH, ZERO + ((date / 10) | 0), ZERO + (date % 10),
    T, ZERO + ((h / 10) | 0), ZERO + (h % 10), COLON, ZERO + ((m / 10) | 0), ZERO + (m % 10), COLON,
    ZERO + ((s / 10) | 0), ZERO + (s % 10), DOT, ZERO + ((f / 100) | 0), ZERO + (((f / 10) | 0) % 10), ZERO + (f % 10), Z,
  );
}

/** Iteration length as a whole number of days ≥ 1 (7, the spec's default, when unusable). */
export function iterationDays(value: number): number {
  if (!Number.isFinite(value) || value < 1) return 7;
  return Math.floor(value);
}

/** Percent change from `previous` to `current`; 0 when there is no usable previous value. */
export function percentChange(previous: number, current: number): number {
  if (!(previous > 0) || !Number.isFinite(current)) return 0;
  return round(((current - previous) / previous) * 100, 1);
}

/** Coefficient of variation (population standard deviation / mean) of `values`; null under two values. */
export function coefficientOfVariation(values: ArrayLike<number>): number | null {
  const n = values.length;
  if (n < 2) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i] ?? 0;
  const mean = sum / n;
  if (!(mean > 0)) return 0;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += ((values[i] ?? 0) - mean) ** 2;
  return Math.sqrt(squares / n) / mean;
}

/** Linear-interpolation quantile of ascending `sorted` (the pandas / numpy default). */
export function quantile(sorted: ArrayLike<number>, q: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const rank = Math.min(Math.max(q, 0), 1) * (n - 1);
  const lo = Math.floor(rank);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? 0;
  return a + (b - a) * (rank - lo);
}

/** Confidence from a sample size: n / (n + 10), capped at 0.95 — 0.5 at ten samples. */
export function confidence(samples: number): number {
  if (!(samples > 0)) return 0;
  return round(Math.min(0.95, samples / (samples + 10)), 2);
}

/** The unit of a duration in days: working days on a calendar with days off (docs/metrics.md §12). */
export type DayUnit = 'days' | 'working days';

export function dayUnit(calendar: { partial: boolean }): DayUnit {
  return calendar.partial ? 'working days' : 'days';
}

/**
 * A count in the engine's (English) messages, as the pages, e-mails and Slack write it: the contract's
 * formatter, thousands grouped ("17,232"), a fraction of estimate units kept ("12.5").
 */
const MESSAGE_FORMAT = formatter();
export const formatCount = (value: number): string => MESSAGE_FORMAT.number(value, 2);
