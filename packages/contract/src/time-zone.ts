import { DayCache } from './day-cache.ts';

/**
 * Time-zone offsets, the one implementation for the engine (its calendar's local days), the server's
 * CSV instants and the web's chart axes: exact to the second, read from Intl and kept per UTC day.
 */
const DAY_MS = 86_400_000;
const FIXED = /^([+-])(\d{2}):(\d{2})$/;

/** Offset of `timeZone` at an instant, read from Intl (whole seconds: offsets never have milliseconds). */
function intlOffset(timeZone: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (ms) => {
    const second = Math.floor(ms / 1000) * 1000;
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(second)) p[part.type] = Number(part.value);
    const wall = new Date(0);
    wall.setUTCFullYear(p.year as number, (p.month as number) - 1, p.day as number);
    wall.setUTCHours(p.hour as number, p.minute as number, p.second as number, 0);
    return wall.getTime() - second;
  };
}

/**
 * Offsets per UTC day, cached: Intl is read twice per UTC day (its start and end), and only on a day
 * where they differ (a DST change, at most one a day) is the change instant searched to the second.
 */
function cachedOffset(read: (ms: number) => number): (ms: number) => number {
  const before = new DayCache();
  const after = new DayCache();
  const change = new DayCache();
  const learn = (utcDay: number) => {
    const start = utcDay * DAY_MS;
    const first = read(start);
    const last = read(start + DAY_MS);
    let lo = start;
    let hi = start + DAY_MS;
    if (first === last) hi = start;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (read(mid) === first) lo = mid;
      else hi = mid;
    }
    before.set(utcDay, first);
    after.set(utcDay, last);
    change.set(utcDay, hi);
  };
  return (ms) => {
    const utcDay = Math.floor(ms / DAY_MS);
    let changesAt = change.get(utcDay);
    if (Number.isNaN(changesAt)) {
      learn(utcDay);
      changesAt = change.get(utcDay);
    }
    // Without a change that day, `change` is the day's start: one lookup more only before a DST change.
    return ms >= changesAt ? after.get(utcDay) : before.get(utcDay);
  };
}

/** Offsets per zone name, shared by every calendar and export of that zone (boards of one team share it). */
const offsets = new Map<string, (ms: number) => number>();

/**
 * The offset from UTC, in ms, of a zone at an instant: "UTC", a fixed offset ("+05:30") or an IANA name
 * this runtime knows (callers check names first: contract/calendar.ts `isTimeZone`).
 */
export function zoneOffset(timeZone: string): (ms: number) => number {
  let offset = offsets.get(timeZone);
  if (!offset) {
    const fixed = FIXED.exec(timeZone);
    const size = fixed ? (Number(fixed[2]) * 60 + Number(fixed[3])) * 60_000 : 0;
    const constant = fixed?.[1] === '-' ? -size : size;
    offset =
      timeZone === 'UTC' || timeZone === 'Etc/UTC' || fixed
        ? () => constant
        : cachedOffset(intlOffset(timeZone));
    offsets.set(timeZone, offset);
  }
  return offset;
}

const pad = (n: number) => String(n).padStart(2, '0');

const offsetTexts = new Map<number, string>();

/** "+01:00": whole minutes, as ISO 8601 writes offsets (only local mean times before 1900 have seconds). */
function offsetText(offsetMs: number): string {
  let text = offsetTexts.get(offsetMs);
  if (text === undefined) {
    const minutes = Math.round(Math.abs(offsetMs) / 60_000);
    text = `${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    offsetTexts.set(offsetMs, text);
  }
  return text;
}

/**
 * An instant as the wall clock of a time zone reads it, counted as if that clock were UTC: a chart whose
 * axis formats UTC dates then shows the zone's local days (days on the board's calendar).
 */
export function wallClockMs(ms: number, timeZone: string): number {
  return ms + zoneOffset(timeZone)(ms);
}

/**
 * An instant as ISO 8601 in a time zone, with that zone's offset then: 2026-11-03T10:15:00+01:00 in
 * Europe/Paris, 2026-11-03T09:15:00+00:00 in UTC. Another engine reading it gets the same instant back;
 * a person reads the board's wall clock.
 */
export function zonedIso(ms: number, timeZone: string): string {
  const offset = zoneOffset(timeZone)(ms);
  const minutes = Math.round(offset / 60_000) * 60_000;
  return `${new Date(Math.floor(ms / 1000) * 1000 + minutes).toISOString().slice(0, 19)}${offsetText(offset)}`;
}
