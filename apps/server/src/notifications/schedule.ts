import { zoneOffset } from '@fluxion/contract/time-zone';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The digest goes out on Mondays at 09:00 on the board's wall clock (its working calendar's time zone). */
export const DIGEST_WEEKDAY = 1;
export const DIGEST_HOUR = 9;
/** A digest not started within a day of its time is skipped: last week's news on a Thursday helps nobody. */
export const DIGEST_GRACE_MS = DAY_MS;

/** One week's digest: `key` its Monday (YYYY-MM-DD on the board's calendar), `at` the instant it is due. */
export type DigestPeriod = { key: string; at: number };

/**
 * The latest digest time at or before `now` in `timeZone`: Monday 09:00 on the board's wall clock. Around
 * a daylight-saving change the offset of the digest's own instant is used, so 09:00 stays 09:00.
 */
export function currentDigestPeriod(now: number, timeZone: string): DigestPeriod {
  const offsetOf = zoneOffset(timeZone);
  const wall = now + offsetOf(now);
  const wallDay = Math.floor(wall / DAY_MS);
  // 1970-01-01 was a Thursday (weekday 4).
  const weekday = (wallDay + 4) % 7;
  let monday = wallDay - ((weekday - DIGEST_WEEKDAY + 7) % 7);
  let at = instantOfWallClock(monday * DAY_MS + DIGEST_HOUR * HOUR_MS, offsetOf);
  if (at > now) {
    monday -= 7;
    at = instantOfWallClock(monday * DAY_MS + DIGEST_HOUR * HOUR_MS, offsetOf);
  }
  return { key: new Date(monday * DAY_MS).toISOString().slice(0, 10), at };
}

/** The instant a wall-clock time (as if UTC) names in a zone: the offset taken at the guessed instant. */
function instantOfWallClock(wallMs: number, offsetOf: (ms: number) => number): number {
  const guess = wallMs - offsetOf(wallMs);
  return wallMs - offsetOf(guess);
}

/** Whether a period's digest may still start: from its time until DIGEST_GRACE_MS after. */
export const digestStillDue = (period: DigestPeriod, now: number) =>
  now >= period.at && now < period.at + DIGEST_GRACE_MS;

/** Retries: 30 s (NOTIFY_RETRY_MS), 1 min, 2 min… doubling up to an hour between attempts. */
export function retryDelayMs(attempts: number, firstMs = 30_000): number {
  return Math.min(HOUR_MS, firstMs * 2 ** Math.max(0, attempts - 1));
}
