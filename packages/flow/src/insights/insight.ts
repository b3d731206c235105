import { confidence, formatCount } from '../core/numbers.ts';
import type { Insight, Severity, Stability } from '../types.ts';

export const FALLBACK_MESSAGE = 'Analysis unavailable - using fallback calculations';

/** The insight of fallback statistics, when an analysis cannot be computed. */
export function fallbackInsight(): Insight {
  return { severity: 'info', message: FALLBACK_MESSAGE, confidence: 0.5 };
}

export function insight(severity: Severity, message: string, samples: number): Insight {
  return { severity, message, confidence: confidence(samples), sample: Math.max(0, Math.round(samples)) };
}

/**
 * An insight that states a count, not an estimate (Issues in Columns: "1 of 1 issue has been there…"):
 * no confidence, so no "Confidence: 9% (a sample of 1)" under a plain fact (issue 31).
 */
export function countInsight(severity: Severity, message: string): Insight {
  return { severity, message, confidence: 0 };
}

/** Stability thresholds on the coefficient of variation of recent lead times. */
export const STABILITY_HIGH_BELOW = 0.5;
export const STABILITY_MEDIUM_BELOW = 1;

/** High below CV 0.5, Medium below 1.0, else Low; Medium (neutral) when under two samples. */
export function stabilityOf(cv: number | null): Stability {
  if (cv === null) return 'Medium';
  if (cv < STABILITY_HIGH_BELOW) return 'High';
  if (cv < STABILITY_MEDIUM_BELOW) return 'Medium';
  return 'Low';
}

export function fmt(value: number, places = 1): string {
  return String(Number(value.toFixed(places)));
}

export function plural(value: number, word: string): string {
  return `${formatCount(value)} ${word}${value === 1 ? '' : 's'}`;
}
