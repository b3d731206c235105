import { FLOW_DEFAULTS as API_DEFAULTS } from '@fluxion/contract/constants';
import type { FlowReportInput } from './flow-types.ts';

/** The API's defaults (one definition: the contract's), and the simulation's own. */
export const FLOW_DEFAULTS = {
  days: API_DEFAULTS.days,
  horizon: API_DEFAULTS.horizon,
  targetItems: API_DEFAULTS.items,
  seed: 1,
  trials: 10_000,
} as const;

/** A whole number in [1, max]; `fallback` when missing or not a number ≥ 1. */
export function wholeNumber(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined || !Number.isFinite(value) || value < 1) return fallback;
  return Math.min(max, Math.floor(value));
}

export type FlowSettings = {
  days: number;
  horizon: number;
  targetItems: number;
  sampleDays: number;
  seed: number;
  trials: number;
};

export function flowSettings(input: FlowReportInput): FlowSettings {
  const days = wholeNumber(input.days, FLOW_DEFAULTS.days, 3650);
  return {
    days,
    horizon: wholeNumber(input.horizon, FLOW_DEFAULTS.horizon, 3650),
    targetItems: wholeNumber(input.targetItems, FLOW_DEFAULTS.targetItems, 100_000),
    sampleDays: wholeNumber(input.sampleDays, days, 3650),
    seed: Number.isFinite(input.seed) ? Math.trunc(input.seed as number) : FLOW_DEFAULTS.seed,
    trials: wholeNumber(input.trials, FLOW_DEFAULTS.trials, 1_000_000),
  };
}
