import { describe, expect, it } from 'vitest';
import { ANALYSIS_WINDOWS, flowWindowFrom, windowChoices, windowFrom } from './analysisWindow.ts';

describe('the analysis window (one list for Lead Time, Time in State and Flow)', () => {
  it('offers 7, 14, 30, 60 and 90 days on every analysis page', () => {
    expect(ANALYSIS_WINDOWS).toEqual([7, 14, 30, 60, 90]);
    expect(windowChoices()).toEqual([7, 14, 30, 60, 90]);
  });

  it('adds the iteration length on Lead Time and Time in State, ascending', () => {
    expect(windowChoices(7)).toEqual([7, 14, 30, 60, 90]);
    expect(windowChoices(28)).toEqual([7, 14, 28, 30, 60, 90]);
    expect(windowChoices(1)).toEqual([1, 7, 14, 30, 60, 90]);
  });

  it('honours every window Flow offers on Lead Time and Time in State too (?days=60 is not dropped)', () => {
    for (const days of ANALYSIS_WINDOWS) {
      expect(windowFrom(String(days), 14)).toBe(days);
      expect(flowWindowFrom(String(days))).toBe(days);
    }
  });

  it('falls back to the iteration length on Lead Time and Time in State', () => {
    expect(windowFrom('28', 28)).toBe(28);
    expect(windowFrom(null, 14)).toBe(14);
    expect(windowFrom('28', 14)).toBe(14);
    expect(windowFrom('abc', 7)).toBe(7);
    expect(windowFrom('', 7)).toBe(7);
  });

  it('falls back to 30 days on Flow, which offers no iteration window', () => {
    expect(flowWindowFrom(null)).toBe(30);
    expect(flowWindowFrom('')).toBe(30);
    expect(flowWindowFrom('28')).toBe(30);
    expect(flowWindowFrom('seven')).toBe(30);
  });
});
