import { DAY_MS, quantile, round } from '../core/numbers.ts';
import type { ItemTimeline } from '../timeline/item-timelines.ts';

/**
 * A Service Level Expectation (docs/metrics.md, "Service Level Expectation"): `percent` % of the items
 * the team commits to finish within `days` days (working days on a calendar with days off).
 */
export type ServiceLevel = { percent: number; days: number };

/** Where an item in progress stands against the SLE. */
export type SleRisk = 'breached' | 'at_risk' | 'on_track';

/** The history an SLE is proposed from: completions of the last 90 days, whatever the page's window. */
export const SLE_SAMPLE_DAYS = 90;
/** Fewer completions than this propose nothing: a percentile of a handful of items is not a promise. */
export const SLE_MIN_COMPLETIONS = 10;
export const DEFAULT_SLE_PERCENT = 85;

/** `percent` % as a quantile of ascending days, rounded to 2 decimals as every figure shown. */
function percentileOf(sortedDays: ArrayLike<number>, percent: number): number | null {
  const q = quantile(sortedDays, percent / 100);
  return q === null ? null : round(q);
}

/**
 * The SLE a board's own history suggests: the `percent`-th percentile of its recent cycle times, rounded
 * up to whole days (at least 1). Null with fewer than `SLE_MIN_COMPLETIONS` completions.
 */
export function proposeServiceLevel(
  cycleTimesDays: readonly number[],
  percent = DEFAULT_SLE_PERCENT,
): ServiceLevel | null {
  if (cycleTimesDays.length < SLE_MIN_COMPLETIONS) return null;
  const sorted = Float64Array.from(cycleTimesDays).sort();
  const p = percentileOf(sorted, percent) as number;
  return { percent, days: Math.max(1, Math.ceil(p)) };
}

/** When an item entered a column (`entered[column]` of its timeline): null never, undefined not a column. */
export type EnteredAt = (t: ItemTimeline, column: string) => number | null | undefined;

/**
 * For each in-progress column, the age (days since the commitment point) by which `percent` % of the
 * finished items of `sample` had left it: their entry into the next column (back-filled, so every
 * completed item has one). `wip` runs from the commitment point up to done; `done` is the done column.
 * Null for a column without any finished item to learn from.
 */
export function columnExitAges(
  sample: readonly ItemTimeline[],
  wip: readonly string[],
  done: string,
  percent: number,
  workingMs: (from: number, to: number) => number,
  /** `t.entered[column]`, read where the caller holds it (the Flow report: the timeline's entry table). */
  enteredAt: EnteredAt = (t, column) => t.entered[column],
): Record<string, number | null> {
  const commitment = wip[0];
  // Each item's cycle start read once, then the exits column by column: a reader that keeps the column
  // it last looked up (the Flow report's) looks each one up once.
  const starts = new Float64Array(sample.length);
  const started = new Uint8Array(sample.length);
  if (commitment !== undefined)
    for (let k = 0; k < sample.length; k++) {
      const t = sample[k] as ItemTimeline;
      const start = enteredAt(t, commitment);
      if (t.completedAt === null || start === null || start === undefined) continue;
      starts[k] = start;
      started[k] = 1;
    }
  const ages = new Float64Array(sample.length);
  const limits: [string, number | null][] = [];
  for (let i = 0; i < wip.length; i++) {
    const next = wip[i + 1] ?? done;
    let count = 0;
    for (let k = 0; k < sample.length; k++) {
      if (started[k] !== 1) continue;
      const left = enteredAt(sample[k] as ItemTimeline, next);
      if (left !== null && left !== undefined) ages[count++] = workingMs(starts[k] as number, left) / DAY_MS;
    }
    limits.push([wip[i] as string, percentileOf(ages.subarray(0, count).sort(), percent)]);
  }
  return Object.fromEntries(limits);
}

/**
 * The at-risk rule: an item older than the SLE has `breached` it; one older than `percent` % of the
 * finished items were when they left its column (`columnExitAge`) is `at_risk` of missing it, since most
 * of the items that were this late there finished late; any other is `on_track`.
 */
export function sleRisk(ageDays: number, columnExitAge: number | null, sle: ServiceLevel): SleRisk {
  if (ageDays > sle.days) return 'breached';
  if (columnExitAge !== null && ageDays > columnExitAge) return 'at_risk';
  return 'on_track';
}
