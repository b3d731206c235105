import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendar, CalendarError, dayOfDate, weekday } from './calendar.ts';
import { TimeZoneError } from './time-zone.ts';
import { DAY_MS, isoDay } from './numbers.ts';

const at = (text: string) => Date.parse(text);
const HOUR = 3_600_000;
const SAT_SUN = [6, 0];

describe('time zone days', () => {
  it('puts an instant on its local date: 23:30 UTC is the next day in Paris, the same day in New York', () => {
    const instant = at('2026-01-09T23:30:00Z');
    expect(isoDay(buildCalendar().dayOf(instant))).toBe('2026-01-09');
    expect(isoDay(buildCalendar({ timeZone: 'Europe/Paris' }).dayOf(instant))).toBe('2026-01-10');
    expect(isoDay(buildCalendar({ timeZone: 'America/New_York' }).dayOf(instant))).toBe('2026-01-09');
    expect(isoDay(buildCalendar({ timeZone: '+05:30' }).dayOf(at('2026-01-09T18:30:00Z')))).toBe(
      '2026-01-10',
    );
  });

  it('has DST days of 23 and 25 hours (Europe/Paris, 2026-03-29 and 2026-10-25)', () => {
    const paris = buildCalendar({ timeZone: 'Europe/Paris' });
    const length = (date: string) => paris.startOf(dayOfDate(date) + 1) - paris.startOf(dayOfDate(date));
    expect(length('2026-03-29')).toBe(23 * HOUR);
    expect(length('2026-10-25')).toBe(25 * HOUR);
    expect(length('2026-06-01')).toBe(24 * HOUR);
    expect(paris.startOf(dayOfDate('2026-03-29'))).toBe(at('2026-03-28T23:00:00Z'));
    expect(paris.startOf(dayOfDate('2026-03-30'))).toBe(at('2026-03-29T22:00:00Z'));
  });

  it('refuses an unknown zone or offset', () => {
    expect(() => buildCalendar({ timeZone: 'Mars/Olympus' })).toThrow(TimeZoneError);
    expect(() => buildCalendar({ timeZone: '+15:00' })).toThrow(TimeZoneError);
  });
});

describe('working time', () => {
  const weekdays = buildCalendar({ weekends: SAT_SUN });

  it('a card that enters on Friday 17:00 and is done on Monday 09:00 took 16 hours', () => {
    expect(weekday(dayOfDate('2026-01-09'))).toBe(5);
    expect(weekdays.workingMs(at('2026-01-09T17:00:00Z'), at('2026-01-12T09:00:00Z'))).toBe(16 * HOUR);
  });

  it('an item that lives only on weekend days took no working time; a move on a weekend counts from Monday', () => {
    expect(weekdays.workingMs(at('2026-01-10T08:00:00Z'), at('2026-01-11T20:00:00Z'))).toBe(0);
    expect(weekdays.workingMs(at('2026-01-10T08:00:00Z'), at('2026-01-13T00:00:00Z'))).toBe(24 * HOUR);
  });

  it('a Friday–Saturday weekend and holidays are skipped', () => {
    const gulf = buildCalendar({ weekends: [5, 6], holidays: ['2026-01-11'] });
    // Thursday 12:00 → Monday 12:00: Thursday's half, Sunday is a holiday, Monday's half.
    expect(gulf.workingMs(at('2026-01-08T12:00:00Z'), at('2026-01-12T12:00:00Z'))).toBe(24 * HOUR);
    expect(gulf.addWorkingDays(dayOfDate('2026-01-08'), 1)).toBe(dayOfDate('2026-01-12'));
  });

  it('counts a local working day across DST as its real length (23 hours on 2026-03-29 in Paris)', () => {
    const paris = buildCalendar({ timeZone: 'Europe/Paris', weekends: [6] });
    const from = paris.startOf(dayOfDate('2026-03-28'));
    const to = paris.startOf(dayOfDate('2026-03-30'));
    expect(paris.workingMs(from, to)).toBe(23 * HOUR);
  });

  it('gives the same span before and after a far-away span has grown its tables', () => {
    const calendar = buildCalendar({ weekends: SAT_SUN, holidays: ['2031-05-01'] });
    const week = () => calendar.workingMs(at('2026-01-05T00:00:00Z'), at('2026-01-10T00:00:00Z'));
    expect(week()).toBe(5 * 24 * HOUR);
    // Monday 2 January 2017 to Monday 5 January 2032: whole weeks only, minus one holiday.
    const years = calendar.workingMs(at('2017-01-02T00:00:00Z'), at('2032-01-05T00:00:00Z'));
    expect(years).toBe(((dayOfDate('2032-01-05') - dayOfDate('2017-01-02')) / 7) * 5 * 24 * HOUR - 24 * HOUR);
    expect(week()).toBe(5 * 24 * HOUR);
  });

  it('refuses a week with no working day and a date that is not one', () => {
    expect(() => buildCalendar({ weekends: [0, 1, 2, 3, 4, 5, 6] })).toThrow(CalendarError);
    expect(() => buildCalendar({ holidays: ['2026-02-30'] })).toThrow(CalendarError);
  });
});

describe('working time properties', () => {
  const instant = fc.integer({ min: at('2019-01-01T00:00:00Z'), max: at('2028-01-01T00:00:00Z') });
  const zone = fc.constantFrom('UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', '-03:00');
  const weekends = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 3 });
  const holidays = fc.uniqueArray(
    instant.map((ms) => isoDay(Math.floor(ms / DAY_MS))),
    { maxLength: 20 },
  );

  it('with no weekend and no holiday, working time is elapsed time', () => {
    fc.assert(
      fc.property(zone, instant, instant, (timeZone, a, b) => {
        expect(buildCalendar({ timeZone }).workingMs(a, b)).toBe(Math.max(0, b - a));
      }),
    );
  });

  it('working time is at most elapsed time and adds up over a split', () => {
    fc.assert(
      fc.property(zone, weekends, holidays, instant, instant, instant, (timeZone, w, h, x, y, z) => {
        const [a, b, c] = [x, y, z].sort((p, q) => p - q) as [number, number, number];
        const cal = buildCalendar({ timeZone, weekends: w, holidays: h });
        expect(cal.workingMs(a, c)).toBeLessThanOrEqual(c - a);
        expect(cal.workingMs(a, c)).toBe(cal.workingMs(a, b) + cal.workingMs(b, c));
      }),
      { numRuns: 200 },
    );
  });

  it('equals the worked part of each local day between the two instants, counted day by day', () => {
    fc.assert(
      fc.property(zone, weekends, holidays, instant, instant, (timeZone, w, h, x, y) => {
        const [a, b] = [x, y].sort((p, q) => p - q) as [number, number];
        const cal = buildCalendar({ timeZone, weekends: w, holidays: h });
        let expected = 0;
        for (let day = cal.dayOf(a); day <= cal.dayOf(b); day++) {
          const overlap = Math.min(b, cal.startOf(day + 1)) - Math.max(a, cal.startOf(day));
          if (cal.isWorkingDay(day) && overlap > 0) expected += overlap;
        }
        expect(cal.workingMs(a, b)).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('a holiday on a weekend changes nothing', () => {
    fc.assert(
      fc.property(zone, instant, instant, instant, (timeZone, a, b, h) => {
        let day = Math.floor(h / DAY_MS);
        while (weekday(day) !== 6) day++;
        const plain = buildCalendar({ timeZone, weekends: SAT_SUN });
        const withHoliday = buildCalendar({ timeZone, weekends: SAT_SUN, holidays: [isoDay(day)] });
        expect(withHoliday.workingMs(a, b)).toBe(plain.workingMs(a, b));
        expect(withHoliday.addWorkingDays(day, 3)).toBe(plain.addWorkingDays(day, 3));
      }),
      { numRuns: 200 },
    );
  });
});
