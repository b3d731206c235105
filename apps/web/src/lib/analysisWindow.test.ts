import { describe, expect, it } from 'vitest';
import { windowChoices, windowFrom } from './analysisWindow.ts';

describe('the analysis window (Lead Time, Time in State)', () => {
  it('offers 7, 14, 30 and 90 days and the iteration length, ascending', () => {
    expect(windowChoices(7)).toEqual([7, 14, 30, 90]);
    expect(windowChoices(28)).toEqual([7, 14, 28, 30, 90]);
    expect(windowChoices(1)).toEqual([1, 7, 14, 30, 90]);
  });

  it('reads the address, and falls back to the iteration length for a missing or unknown window', () => {
    expect(windowFrom('30', 14)).toBe(30);
    expect(windowFrom('28', 28)).toBe(28);
    expect(windowFrom(null, 14)).toBe(14);
    expect(windowFrom('28', 14)).toBe(14);
    expect(windowFrom('abc', 7)).toBe(7);
    expect(windowFrom('', 7)).toBe(7);
  });
});
