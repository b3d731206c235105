import { describe, expect, it } from 'vitest';
import { formatDayLabel, formatDayTick } from './format.ts';

describe('the day axis of charts', () => {
  it("writes a series' day and an instant as the page writes dates, without the year; the tooltip with it", () => {
    expect(formatDayTick('2026-11-07')).toBe('Nov 7');
    expect(formatDayTick(Date.UTC(2026, 10, 29, 23, 30))).toBe('Nov 29');
    expect(formatDayTick('not a day')).toBe('not a day');
    expect(formatDayLabel('2026-11-07')).toBe('Nov 7, 2026');
  });
});
