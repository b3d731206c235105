import { describe, expect, it } from 'vitest';
import { FLOW_WINDOWS, flowWindowFrom } from './flowWindow.ts';

describe('flowWindowFrom', () => {
  it('offers the short windows of Lead Time and Time in State too', () => {
    expect(FLOW_WINDOWS).toEqual([7, 14, 30, 60, 90]);
  });

  it('reads the offered windows from the address', () => {
    expect(flowWindowFrom('7')).toBe(7);
    expect(flowWindowFrom('14')).toBe(14);
    expect(flowWindowFrom('60')).toBe(60);
  });

  it('falls back to 30 days for a missing or unoffered window', () => {
    expect(flowWindowFrom(null)).toBe(30);
    expect(flowWindowFrom('')).toBe(30);
    expect(flowWindowFrom('28')).toBe(30);
    expect(flowWindowFrom('seven')).toBe(30);
  });
});
