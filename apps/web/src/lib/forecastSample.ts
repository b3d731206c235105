import type { FlowForecast } from '@fluxion/contract';
import { T } from '../texts.ts';
import type { DurationUnit } from './units.ts';

const DAY_MS = 86_400_000;

/**
 * The forecast's sample in words that agree with the page's window (docs/metrics.md §11, §12): its
 * days run from `sample_start` to `sample_end`; with days off, `sample_days` counts only the working
 * ones ("the 22 working days of the 30 days before today", not "the last 22 days").
 */
export function forecastSample(forecast: FlowForecast, unit: DurationUnit): string {
  const span = Math.round((Date.parse(forecast.sample_end) - Date.parse(forecast.sample_start)) / DAY_MS) + 1;
  return T.flow.sampleOf(forecast.sample_days, Number.isFinite(span) ? span : forecast.sample_days, unit);
}
