import type { LeadTimeMetrics } from '@fluxion/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LeadTimeTiles } from './LeadTimeTiles.tsx';

const none = {
  percent: 0,
  clear: false,
  reason: 'no_previous',
  completions: 0,
  previous_completions: 0,
  noise_percent: null,
} as const;

/** The partial board's answers (e2e/partial-history.spec.ts): six finished 13 to 23 days ago, no cycle start known. */
const base: LeadTimeMetrics = {
  lead_time_trend: 0,
  cycle_time_trend: 0,
  stability: 'High',
  avg_lead_time: 8.83,
  trend_known: false,
  stability_sample: 6,
  window_days: 30,
  lead_time_p50: 8.5,
  lead_time_p85: 11.25,
  cycle_time_p50: null,
  cycle_time_p85: null,
  lead_time_change: { ...none, completions: 6 },
  cycle_time_change: none,
  performance_insight: {
    severity: 'info',
    message: 'Average lead time is 8.8 days',
    confidence: 0.38,
    sample: 6,
  },
  history_gaps: { finished: 6, without_cycle_start: 6, without_board_entry: 0 },
};
const week: LeadTimeMetrics = {
  ...base,
  stability: 'Medium',
  avg_lead_time: 0,
  trend_known: true,
  stability_sample: 1,
  window_days: 7,
  lead_time_p50: null,
  lead_time_p85: null,
  lead_time_change: { ...none, percent: -100, reason: 'few_completions', previous_completions: 1 },
  cycle_time_change: none,
  history_gaps: { finished: 0, without_cycle_start: 0, without_board_entry: 0 },
};

/** The whole tile (its label, value and hint) whose label reads `label`. */
const hintOf = (label: string) => screen.getByText(label).closest('[data-tone]')?.textContent ?? '';

describe('the Lead Time tiles say what each figure waits for, of the window the page shows', () => {
  afterEach(cleanup);

  it('a window without a completion: both trends wait for one in this window, not in the window before', () => {
    render(<LeadTimeTiles metrics={week} unit="days" />);
    expect(hintOf('Lead Time Trend')).toContain('Needs a completion in this window');
    expect(hintOf('Cycle Time Trend')).toContain('Needs a completion in this window');
    // Stability reads two windows: 14 days here, not "two iterations" whatever the window.
    expect(hintOf('Process Stability')).toContain('Needs 3 completions in the last 14 days (has 1)');
  });

  it('six finished, none with a known start: the cycle trend says so instead of "needs a completion"', () => {
    render(<LeadTimeTiles metrics={base} unit="days" />);
    expect(hintOf('Lead Time Trend')).toContain('Needs a completion in the 30 days before');
    expect(hintOf('Cycle Time Trend')).toContain(
      'Needs a finished item with a known start: the 6 in this window have none',
    );
    expect(hintOf('Cycle Time Trend')).not.toContain('days before');
  });
});
