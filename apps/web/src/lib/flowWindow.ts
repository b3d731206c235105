import { FLOW_DEFAULTS } from './constants.ts';

/**
 * The windows Flow (and a share link from it) offers, in the address as `?days=`: the short ones of Lead Time
 * and Time in State too, so a window carried over from them reads the same on Flow (issue 31, item 4). A week
 * is sound for the engine's Flow report: throughput per week is the week's total, the forecasts sample its days.
 */
export const FLOW_WINDOWS = [7, 14, 30, 60, 90] as const;

/** The window in the address, one of the offered ones, else the default (30 days). */
export function flowWindowFrom(param: string | null): number {
  const days = Number(param);
  return param !== null && (FLOW_WINDOWS as readonly number[]).includes(days) ? days : FLOW_DEFAULTS.days;
}
