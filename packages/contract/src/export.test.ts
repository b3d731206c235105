import { describe, expect, it } from 'vitest';
import { exportCalendar, exportHeader, zonedIso } from './export.ts';

describe('instants in the board time zone', () => {
  it('writes the wall clock of the zone with its offset of that instant, DST followed', () => {
    const winter = Date.UTC(2026, 10, 3, 9, 15, 0, 400);
    expect(zonedIso(winter, 'UTC')).toBe('2026-11-03T09:15:00+00:00');
    expect(zonedIso(winter, 'Europe/Paris')).toBe('2026-11-03T10:15:00+01:00');
    expect(zonedIso(Date.UTC(2026, 6, 1, 22, 30), 'Europe/Paris')).toBe('2026-07-02T00:30:00+02:00');
    expect(zonedIso(winter, 'America/New_York')).toBe('2026-11-03T04:15:00-05:00');
    expect(zonedIso(winter, '+05:30')).toBe('2026-11-03T14:45:00+05:30');
    expect(zonedIso(winter, '-03:00')).toBe('2026-11-03T06:15:00-03:00');
  });

  it('changes offset at the DST instant itself, within the UTC day', () => {
    // Paris leaves summer time on 25 October 2026 at 01:00 UTC (03:00 local becomes 02:00).
    expect(zonedIso(Date.UTC(2026, 9, 25, 0, 59, 59), 'Europe/Paris')).toBe('2026-10-25T02:59:59+02:00');
    expect(zonedIso(Date.UTC(2026, 9, 25, 1, 0, 0), 'Europe/Paris')).toBe('2026-10-25T02:00:00+01:00');
  });

  it('names the same instant as the UTC text it came from', () => {
    for (const zone of ['Europe/Paris', 'Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe']) {
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7 * 3_600_000 + 61_000) {
        expect(Date.parse(zonedIso(ms, zone)), `${zone} ${new Date(ms).toISOString()}`).toBe(
          Math.floor(ms / 1000) * 1000,
        );
      }
    }
  });
});

describe('export headers', () => {
  it("name the board's time zone, and working days when the calendar has days off", () => {
    const paris = exportHeader(exportCalendar({ time_zone: 'Europe/Paris', weekends: [0, 6], holidays: [] }));
    expect([paris.day(), paris.instant('Completed at'), paris.days('Age')]).toEqual([
      'Date (Europe/Paris)',
      'Completed at (Europe/Paris, ISO 8601 with offset)',
      'Age (working days)',
    ]);
    const holiday = exportCalendar({ time_zone: 'UTC', weekends: [], holidays: ['2026-12-25'] });
    expect(exportHeader(holiday).days('Age')).toBe('Age (working days)');
    const plain = exportHeader(exportCalendar(undefined));
    expect([plain.day(), plain.days('Age')]).toEqual(['Date (UTC)', 'Age (days)']);
  });
});
