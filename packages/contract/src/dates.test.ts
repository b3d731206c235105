import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarSchema } from './calendar.ts';
import { dayOfIsoDate, instantMs, readDate } from './dates.ts';
import { itemFilterQuerySchema } from './filters.ts';

const DAY_MS = 86_400_000;

describe('the one reader of calendar dates', () => {
  it('reads every date from 1970-01-01 to 9999-12-31 as the day Date reads it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_932_896 }), (day) => {
        const text = new Date(day * DAY_MS).toISOString().slice(0, 10);
        expect(readDate(text)).toEqual({ day });
      }),
      { seed: 19, numRuns: 2000 },
    );
    expect(dayOfIsoDate('1970-01-01')).toBe(0);
    expect(dayOfIsoDate('9999-12-31')).toBe(2_932_896);
    expect(dayOfIsoDate('2024-02-29')).toBe(Date.UTC(2024, 1, 29) / DAY_MS);
  });

  it('refuses years before 1970 (0050 was read as 1950 by Date.UTC), dates that do not exist, and other forms', () => {
    for (const text of ['0050-01-01', '0000-01-01', '1969-12-31', '2026-02-30', '2025-02-29', '1900-02-29']) {
      expect(readDate(text).problem, text).toEqual(expect.any(String));
    }
    for (const text of [
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-1',
      ' 2026-01-01',
      '2026-01-01T00:00Z',
      '+02026-01-01',
      '',
      '２０２６-01-01',
    ]) {
      expect(readDate(text).problem, text).toEqual(expect.any(String));
    }
    expect(readDate(20260101).problem).toEqual(expect.any(String));
    expect(readDate('0050-01-01').problem).toBe('0050-01-01 is not between 1970-01-01 and 9999-12-31');
    expect(readDate('2026-02-30').problem).toBe('no such date: 2026-02-30');
  });

  it('is what the calendar and the filters accept', () => {
    const calendar = (holiday: string) =>
      calendarSchema.safeParse({ time_zone: 'UTC', weekends: [], holidays: [holiday] }).success;
    const filter = (from: string) => itemFilterQuerySchema.safeParse({ from }).success;
    for (const text of ['0050-01-01', '2026-02-30', '1969-12-31', 'soon'])
      expect([calendar(text), filter(text)], text).toEqual([false, false]);
    for (const text of ['1970-01-01', '2026-02-28', '9999-12-31'])
      expect([calendar(text), filter(text)], text).toEqual([true, true]);
    // A holiday is trimmed (it is typed or pasted, one a line); a query parameter is taken as sent.
    expect(calendar(' 2026-02-28 ')).toBe(true);
  });
});

describe('the one reader of instants', () => {
  it('reads ISO 8601 instants with their zone as Date.parse does', () => {
    for (const text of [
      '2026-11-01T09:00:00Z',
      '2026-11-01T09:00:00.123Z',
      '2026-11-01T09:00Z',
      '2026-11-01T10:00:00+01:00',
      '2026-11-01T03:30:00-05:30',
      '2026-11-01T10:00:00+0100',
    ])
      expect(instantMs(text), text).toBe(Date.parse(text));
    expect(instantMs('2026-11-01T09:00:00.5Z')).toBe(Date.parse('2026-11-01T09:00:00.500Z'));
  });

  it('refuses instants without a zone, on a date that does not exist or is out of range, and other forms', () => {
    for (const text of [
      '2026-11-01',
      '2026-11-01T09:00:00',
      '2026-02-30T09:00:00Z',
      '0050-01-01T00:00:00Z',
      '2026-11-01T24:00:00Z',
      'Sun, 01 Nov 2026 09:00:00 GMT',
      '1',
      '',
    ])
      expect(instantMs(text), text).toBeNull();
    expect(instantMs(1_700_000_000_000)).toBeNull();
  });
});
