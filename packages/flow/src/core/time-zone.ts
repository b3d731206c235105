import { DayCache } from '@fluxion/contract/day-cache';
import { zoneOffset } from '@fluxion/contract/time-zone';
import { DAY_MS } from './numbers.ts';

/** A time zone's local days: which local date an instant falls on, and when a local date starts. */
export type ZoneDays = {
  /** The IANA name, or a fixed offset such as "+05:30". */
  name: string;
  /** Days since 1970-01-01 of the local date of an instant (the UTC day number when the zone is UTC). */
  dayOf(ms: number): number;
  /** The first instant of a local day (local midnight, or the first instant after it when DST skips it). */
  startOf(day: number): number;
};

export class TimeZoneError extends Error {}

const FIXED = /^([+-])(\d{2}):(\d{2})$/;
const MAX_OFFSET_MS = 15 * 3_600_000;

/** A fixed offset ("+05:30", "-03:00"): no DST, so a plain shift. */
function fixedZone(name: string, offsetMs: number): ZoneDays {
  return {
    name,
    dayOf: (ms) => Math.floor((ms + offsetMs) / DAY_MS),
    startOf: (day) => day * DAY_MS - offsetMs,
  };
}

function intlZone(name: string): ZoneDays {
  const offset = zoneOffset(name);
  const dayOf = (ms: number) => Math.floor((ms + offset(ms)) / DAY_MS);
  const starts = new DayCache();
  const startOf = (day: number) => {
    const known = starts.get(day);
    if (!Number.isNaN(known)) return known;
    // Local midnight, when it exists (the local date changes exactly there).
    const guess = day * DAY_MS - offset(day * DAY_MS - offset(day * DAY_MS));
    if (dayOf(guess) === day && dayOf(guess - 1) === day - 1) return starts.set(day, guess);
    // Otherwise the smallest instant whose local date is `day` or later, searched to the millisecond.
    let lo = day * DAY_MS - MAX_OFFSET_MS;
    let hi = day * DAY_MS + MAX_OFFSET_MS;
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (dayOf(mid) >= day) hi = mid;
      else lo = mid;
    }
    return starts.set(day, hi);
  };
  return { name, dayOf, startOf };
}

/** Days of a time zone: an IANA name ("Europe/Paris"), "UTC", or a fixed offset ("+05:30"). */
export function zoneDays(name = 'UTC'): ZoneDays {
  if (name === 'UTC' || name === 'Etc/UTC' || name === 'Z') return fixedZone('UTC', 0);
  const fixed = FIXED.exec(name);
  if (fixed) {
    const minutes = Number(fixed[2]) * 60 + Number(fixed[3]);
    if (Number(fixed[3]) > 59 || minutes > 14 * 60) throw new TimeZoneError(`no such offset: ${name}`);
    return fixedZone(name, (fixed[1] === '-' ? -1 : 1) * minutes * 60_000);
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    throw new TimeZoneError(`unknown time zone: ${name} (an IANA name such as Europe/Paris, or +05:30)`);
  }
  return intlZone(name);
}
