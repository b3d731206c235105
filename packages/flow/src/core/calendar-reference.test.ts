import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendar, dayOfDate, weekday } from './calendar.ts';
import { AWKWARD_ZONES, intlDay } from '../fixtures/intl-days.fixture.ts';
import { DAY_MS, isoDay } from './numbers.ts';

const at = (text: string) => Date.parse(text);
const QUARTER = 15 * 60_000;

const ZONES = [
  ...AWKWARD_ZONES,
  'America/New_York',
  'Asia/Beirut',
  'Africa/Cairo',
  'America/Havana',
  'America/Santiago',
  'Pacific/Chatham',
  '+05:45',
  '-11:00',
];

/**
 * Working time, slowly: every 15-minute block of UTC (offsets and DST changes fall on quarter hours)
 * lies within one local day; a block counts (its part in [a, b]) when Intl puts it on a working day.
 */
function slowWorkingMs(timeZone: string, weekends: number[], holidays: string[], a: number, b: number) {
  const off = new Set(holidays.map(dayOfDate));
  let total = 0;
  for (let block = Math.floor(a / QUARTER) * QUARTER; block < b; block += QUARTER) {
    const day = intlDay(timeZone, block);
    if (weekends.includes(weekday(day)) || off.has(day)) continue;
    total += Math.min(b, block + QUARTER) - Math.max(a, block);
  }
  return Math.max(0, total);
}

/** Instants near interesting dates: DST changes, year ends, leap days (± 4 days). */
const ANCHORS = [
  '2024-02-29T00:00:00Z',
  '2023-12-31T12:00:00Z',
  '2026-03-29T01:00:00Z',
  '2026-10-25T01:00:00Z',
  '2026-04-05T02:00:00Z',
  '2026-10-04T02:00:00Z',
  '2018-02-17T02:00:00Z',
  '2018-11-04T02:00:00Z',
  '2026-03-08T07:00:00Z',
  '2026-11-01T06:00:00Z',
  '2025-10-30T21:00:00Z',
  '2026-10-24T21:00:00Z',
  '2026-09-06T03:00:00Z',
  '2020-12-31T23:00:00Z',
].map(at);
const instant = fc.oneof(
  fc
    .tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -4 * DAY_MS, max: 4 * DAY_MS }))
    .map(([x, d]) => x + d),
  fc.integer({ min: at('2017-01-01T00:00:00Z'), max: at('2029-01-01T00:00:00Z') }),
);
const zone = fc.constantFrom(...ZONES);
const weekends = fc.oneof(
  fc.constantFrom([6, 0], [5, 6], [0], [6], [] as number[]),
  fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 6 }),
);

/**
 * The calendar against slow references read from Intl, on zones at the edges (+14, −11, +05:45, +12:45
 * Chatham, Lord Howe's 30-minute DST, DST changes at midnight in Sao Paulo, Beirut, Cairo, Havana,
 * Santiago), one- to six-day weekends (Friday–Saturday, Sunday only), holidays near the span (on
 * weekends and DST days too), and spans across year ends and 29 February.
 */
describe('calendar against Intl', () => {
  it('dayOf and startOf agree with Intl', () => {
    fc.assert(
      fc.property(zone, instant, (timeZone, ms) => {
        const cal = buildCalendar({ timeZone });
        const day = cal.dayOf(ms);
        expect(isoDay(day)).toBe(isoDay(intlDay(timeZone, ms)));
        const start = cal.startOf(day);
        expect(start).toBeLessThanOrEqual(ms);
        expect(intlDay(timeZone, start)).toBe(day);
        expect(intlDay(timeZone, start - 1)).toBeLessThan(day);
        expect(cal.startOf(day + 1)).toBeGreaterThan(ms);
      }),
      { numRuns: 500 },
    );
  });

  it('working time equals a quarter-hour reference', () => {
    fc.assert(
      fc.property(
        zone,
        weekends,
        fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 4 }),
        instant,
        fc.integer({ min: 0, max: 9 * DAY_MS }),
        (timeZone, w, shifts, a, length) => {
          const b = a + length;
          const base = intlDay(timeZone, a);
          const h = shifts.map((s) => isoDay(base + s));
          const cal = buildCalendar({ timeZone, weekends: w, holidays: h });
          expect(cal.workingMs(a, b)).toBe(slowWorkingMs(timeZone, w, h, a, b));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts a span by the days it overlaps where the clock went back across midnight (never below 0 or above elapsed)', () => {
    // St John's set its clock back from 00:01 to 23:01 until 2010: on 29 October 2006 the 29th started
    // at 02:30 UTC, then the clock read the 28th again from 02:31 to 03:30. Casey went back from 02:00
    // (+11) to 23:00 (+8) on 4 March 2010. A day lasts from its start until the next day starts (§12).
    const stJohns = buildCalendar({ timeZone: 'America/St_Johns', weekends: [0] });
    expect(stJohns.workingMs(at('2006-10-29T03:00:00Z'), at('2006-10-29T04:00:00Z'))).toBe(0);
    const casey = buildCalendar({ timeZone: 'Antarctica/Casey', holidays: ['2010-03-04'] });
    expect(casey.workingMs(at('2010-03-04T13:30:00Z'), at('2010-03-04T15:30:00Z'))).toBe(0);
    const folds = ['2006-10-29T02:31:00Z', '2010-03-04T15:00:00Z', '2001-10-28T03:31:00Z'].map(at);
    const near = fc
      .tuple(fc.constantFrom(...folds), fc.integer({ min: -2 * DAY_MS, max: 2 * DAY_MS }))
      .map(([x, d]) => x + d);
    const zones = fc.constantFrom('America/St_Johns', 'Antarctica/Casey', 'America/Goose_Bay');
    fc.assert(
      fc.property(
        zones,
        weekends,
        fc.integer({ min: -2, max: 2 }),
        near,
        near,
        near,
        (timeZone, w, shift, x, y, z) => {
          const [a, b, c] = [x, y, z].sort((p, q) => p - q) as [number, number, number];
          const holidays = [isoDay(intlDay(timeZone, b) + shift)];
          const cal = buildCalendar({ timeZone, weekends: w, holidays });
          const whole = cal.workingMs(a, c);
          expect(whole).toBeGreaterThanOrEqual(0);
          expect(whole).toBeLessThanOrEqual(c - a);
          expect(whole).toBe(cal.workingMs(a, b) + cal.workingMs(b, c));
          let expected = 0;
          for (let day = cal.dayOf(a) - 2; day <= cal.dayOf(c) + 2; day++) {
            const overlap = Math.min(c, cal.startOf(day + 1)) - Math.max(a, cal.startOf(day));
            if (cal.isWorkingDay(day) && overlap > 0) expected += overlap;
          }
          expect(whole).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
