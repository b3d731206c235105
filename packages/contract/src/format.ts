/**
 * The one formatter of dates, durations and numbers, for every place a person reads a figure: the web
 * app (in the viewer's locale), e-mails and Slack (in the recipient's) and share pages. Pure and without
 * zod, so the web bundle takes it alone (`@fluxion/contract/format`). CSV files keep raw values and do not
 * use it.
 *
 * One rounding everywhere: `toFixed`'s, as the engine writes figures into insights, so a tile, its
 * insight, the digest and the alert say the same 23.2 (never 23.24 in one and 23.2 in another).
 */
import { dayOfIsoDate, instantMs } from './dates.ts';
import { wallClockMs } from './time-zone.ts';

/** The locale used when none is known or the one given is not a valid BCP 47 tag. */
export const DEFAULT_LOCALE = 'en-US';
/** Decimals of a duration in days wherever one is shown. */
export const DURATION_PLACES = 1;

/** A BCP 47 tag in its canonical form ("en-gb" → "en-GB"), or null when it is not one. */
export function canonicalLocale(tag: unknown): string | null {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > 35) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** `value` rounded to `places` decimals as `toFixed` rounds (the engine's rule); never −0. */
export function roundTo(value: number, places: number): number {
  const rounded = Number(value.toFixed(places));
  return rounded === 0 ? 0 : rounded;
}

/**
 * The board's iteration as a window, "last 14 days (iteration)": the bottleneck's window, named alike
 * wherever the bottleneck is (Home's card, the Flow and Time in State insights and tiles, the digest).
 */
export function iterationWindow(days: number): string {
  return `last ${days} days (iteration)`;
}

export type DurationUnit = 'days' | 'working days';

export type Formatter = {
  locale: string;
  /** A number with at most `places` decimals (trailing zeros dropped), grouped: "1,234.5". */
  number: (value: number, places?: number) => string;
  /** A count: "1,234". */
  count: (value: number) => string;
  /** Days as a bare figure, 1 decimal: "23.2" (tiles, tables, chart labels beside their unit). */
  days: (value: number) => string;
  /** A duration with its unit: "23.2 days", "1 day", "4.5 working days". */
  duration: (value: number, unit?: DurationUnit) => string;
  /** A percentage given 0..100: "86.4%". */
  percent: (value: number, places?: number) => string;
  /** A change in percent with its sign: "+3.2%", "-1%", "0%". */
  signedPercent: (value: number) => string;
  /** A calendar day or an instant (dated in `timeZone`): "Nov 29, 2026"; null when unreadable. */
  date: (value: string, timeZone?: string) => string | null;
  /** Day and month only: "Nov 29". */
  dayMonth: (value: string, timeZone?: string) => string | null;
  /** An instant with its time of day, in `timeZone`: "Nov 29, 2026, 12:50 AM". */
  dateTime: (value: string, timeZone?: string) => string | null;
};

const DAY_MS = 86_400_000;

/** A date (its day, at midnight UTC) or an instant (the wall clock of `timeZone`), as ms to print in UTC. */
function wallClock(value: string, timeZone: string): number | null {
  const day = dayOfIsoDate(value);
  if (day !== null) return day * DAY_MS;
  const ms = instantMs(value) ?? Date.parse(value);
  return Number.isNaN(ms) ? null : wallClockMs(ms, timeZone);
}

function build(locale: string): Formatter {
  const numbers = new Map<number, Intl.NumberFormat>();
  const numberFormat = (places: number) => {
    let format = numbers.get(places);
    if (!format) {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: places });
      numbers.set(places, format);
    }
    return format;
  };
  const number = (value: number, places = 1) => numberFormat(places).format(roundTo(value, places));
  const dated = (options: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    return (value: string, timeZone = 'UTC') => {
      const ms = wallClock(value, timeZone);
      return ms === null ? null : format.format(new Date(ms));
    };
  };
  const days = (value: number) => number(value, DURATION_PLACES);
  return {
    locale,
    number,
    count: (value) => number(value, 0),
    days,
    duration: (value, unit = 'days') => {
      const word = roundTo(value, DURATION_PLACES) === 1 ? unit.replace(/s$/, '') : unit;
      return `${days(value)} ${word}`;
    },
    percent: (value, places = 1) => `${number(value, places)}%`,
    signedPercent: (value) => {
      const rounded = roundTo(value, 1);
      return `${rounded > 0 ? '+' : ''}${number(rounded, 1)}%`;
    },
    date: dated({ year: 'numeric', month: 'short', day: 'numeric' }),
    dayMonth: dated({ month: 'short', day: 'numeric' }),
    dateTime: dated({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
  };
}

const formatters = new Map<string, Formatter>();

/** The formatter of a locale (an unknown or invalid tag reads as DEFAULT_LOCALE); one per locale. */
export function formatter(locale?: string | null): Formatter {
  const tag = canonicalLocale(locale) ?? DEFAULT_LOCALE;
  let found = formatters.get(tag);
  if (!found) {
    found = build(tag);
    formatters.set(tag, found);
  }
  return found;
}
