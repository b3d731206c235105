import { iterationWindow } from '@fluxion/contract/format';
import { fmt, insight } from './insight.ts';
import type { DayUnit } from '../core/numbers.ts';
import type { Insight } from '../types.ts';

/** Display thresholds (docs/metrics.md §4), used for severities too (§6). */
export const STAGE_INTENSITY_WARNING_ABOVE = 1.5;
export const STAGE_INTENSITY_CRITICAL_ABOVE = 2.5;
export const ACTIVE_WORK_GOOD_ABOVE = 80;
export const ACTIVE_WORK_FAIR_ABOVE = 60;
export const QUEUE_MODERATE_FROM = 0.3;
export const QUEUE_CRITICAL_FROM = 0.6;

export type TimeInStateFacts = {
  /** The board's bottleneck (an in-progress column, never a queue before the commitment point). */
  column: string | null;
  columnDays: number;
  intensity: number;
  /** Null when no stay in an in-progress column ended in the window. */
  activeWorkRatio: number | null;
  /** Null when no committed item is open now. */
  queueHealth: number | null;
  waitingNow: number;
  openNow: number;
  /** The window of the active work ratio: the page's. */
  days: number;
  /** The bottleneck's window: the board's iteration (default `days`). */
  storyDays?: number;
  samples: number;
  /** The stays the bottleneck rests on, over its own window: the sample of a text about it alone (default `samples`). */
  storySamples?: number;
  /** Working days on a calendar with days off (docs/metrics.md §12). */
  unit: DayUnit;
};

/** The bottleneck's window (the iteration), named beside it as every page names it. */
const storyWindow = (f: TimeInStateFacts): string => iterationWindow(f.storyDays ?? f.days);

function concerns(f: TimeInStateFacts): string[] {
  const list: string[] = [];
  if (f.intensity > STAGE_INTENSITY_WARNING_ABOVE) {
    list.push(
      `'${f.column}' takes ${fmt(f.columnDays)} ${f.unit} per stay, ${fmt(f.intensity, 2)}x the other in-progress columns, ${storyWindow(f)}`,
    );
  }
  if (f.queueHealth !== null && f.queueHealth >= QUEUE_MODERATE_FROM) {
    list.push(`${f.waitingNow} of ${f.openNow} open issues are waiting in queues`);
  }
  if (f.activeWorkRatio !== null && f.activeWorkRatio <= ACTIVE_WORK_FAIR_ABOVE) {
    list.push(`only ${fmt(f.activeWorkRatio)}% of the time is spent in productive columns`);
  }
  return list;
}

export function timeInStateInsight(f: TimeInStateFacts): Insight {
  const n = f.samples;
  if (f.intensity > STAGE_INTENSITY_CRITICAL_ABOVE) {
    const text = `Bottleneck in '${f.column}': ${fmt(f.columnDays)} ${f.unit} per stay, ${fmt(f.intensity, 2)}x the other in-progress columns' average, ${storyWindow(f)}.`;
    return insight('critical', text, f.storySamples ?? n);
  }
  if (f.queueHealth !== null && f.queueHealth >= QUEUE_CRITICAL_FROM) {
    const text = `${f.waitingNow} of ${f.openNow} open issues (${fmt(f.queueHealth * 100, 0)}%) are waiting in queues; pull work through before starting more.`;
    return insight('critical', text, n);
  }
  const issues = concerns(f);
  if (issues.length > 0) {
    const severity = (f.activeWorkRatio ?? 0) > ACTIVE_WORK_GOOD_ABOVE ? 'mixed' : 'warning';
    // The bottleneck named with its own window: the page's is said only for the concerns after it.
    const named = f.intensity > STAGE_INTENSITY_WARNING_ABOVE ? 1 : 0;
    const text = `${issues.join('; ')}${issues.length > named ? ` (last ${f.days} days)` : ''}.`;
    const sample = issues.length === named ? (f.storySamples ?? n) : n;
    return insight(severity, text.charAt(0).toUpperCase() + text.slice(1), sample);
  }
  const longest = f.column
    ? ` The longest stays are in '${f.column}': ${fmt(f.columnDays)} ${f.unit} per stay, ${storyWindow(f)}.`
    : '';
  if (f.activeWorkRatio === null) {
    const text = `No stay in an in-progress column ended in the last ${f.days} days: the share of active work needs one.${longest}`;
    return insight('info', text, n);
  }
  if (f.activeWorkRatio > ACTIVE_WORK_GOOD_ABOVE) {
    return insight(
      'excellent',
      `${fmt(f.activeWorkRatio)}% of the time is active work and queues are short.${longest}`,
      n,
    );
  }
  return insight(
    'good',
    `${fmt(f.activeWorkRatio)}% of the time is active work; no column stands out.${longest}`,
    n,
  );
}
