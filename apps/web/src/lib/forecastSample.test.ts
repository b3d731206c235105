import type { FlowForecast } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { forecastSample } from './forecastSample.ts';

const forecast = (start: string, end: string, days: number) =>
  ({ sample_start: start, sample_end: end, sample_days: days }) as FlowForecast;

describe("the forecast's sample in words", () => {
  it('names the working days of the window on a calendar with days off, never "the last 22 days"', () => {
    expect(forecastSample(forecast('2026-10-28', '2026-11-26', 22), 'working days')).toBe(
      'the 22 working days of the 30 days before today',
    );
  });

  it('is the N days before today when every day is worked, and the days of history of a younger board', () => {
    // Today is left out of the sample: not "the last 30 days", the throughput tile's window, which ends today.
    expect(forecastSample(forecast('2026-10-28', '2026-11-26', 30), 'days')).toBe('the 30 days before today');
    expect(forecastSample(forecast('2026-11-15', '2026-11-26', 12), 'days')).toBe('the 12 days before today');
  });
});
