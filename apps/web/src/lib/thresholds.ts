/** The display thresholds (docs/metrics.md) as plain functions. */
export type Tone = 'success' | 'attention' | 'danger' | 'neutral';

/** Work in progress older than the 85th percentile: none green, a quarter or more of the WIP red. */
export function atRiskTone(atRisk: number, wip: number): Tone {
  if (wip === 0 || atRisk === 0) return 'success';
  return atRisk / wip >= 0.25 ? 'danger' : 'attention';
}

/** Lead/cycle trend (percent): below 0 green, above 5 red, else amber. */
export function trendTone(trend: number | null | undefined): Tone {
  if (trend === null || trend === undefined || Number.isNaN(trend)) return 'neutral';
  if (trend < 0) return 'success';
  if (trend > 5) return 'danger';
  return 'attention';
}

export function stabilityTone(stability: string): Tone {
  if (stability === 'High') return 'success';
  if (stability === 'Medium') return 'attention';
  return 'danger';
}

/** Stage intensity: above 2.5 red, above 1.5 amber. */
export function intensityTone(intensity: number): Tone {
  if (intensity > 2.5) return 'danger';
  if (intensity > 1.5) return 'attention';
  return 'success';
}

/** Active work ratio (percent): above 80 green, above 60 amber. */
export function activeRatioTone(ratio: number): Tone {
  if (ratio > 80) return 'success';
  if (ratio > 60) return 'attention';
  return 'danger';
}

export type QueueHealth = { label: 'Healthy' | 'Moderate' | 'Critical'; tone: Tone };

/** Queue health: below 0.3 Healthy, below 0.6 Moderate, else Critical. */
export function queueHealth(ratio: number): QueueHealth {
  if (ratio < 0.3) return { label: 'Healthy', tone: 'success' };
  if (ratio < 0.6) return { label: 'Moderate', tone: 'attention' };
  return { label: 'Critical', tone: 'danger' };
}

/** Days in column: above 14 bold red, above 7 amber. */
export function daysInColumnLevel(days: number): 'critical' | 'warning' | 'normal' {
  if (days > 14) return 'critical';
  if (days > 7) return 'warning';
  return 'normal';
}
