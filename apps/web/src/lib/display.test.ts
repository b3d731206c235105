import { describe, expect, it } from 'vitest';
import { T } from '../texts.ts';
import { formatConfidence, formatDate, formatDays, formatIntensity, formatTrend } from './format.ts';
import { insightVariant, normalizeSeverity } from './insight.ts';
import {
  activeRatioTone,
  daysInColumnLevel,
  intensityTone,
  queueHealth,
  stabilityTone,
  trendTone,
} from './thresholds.ts';

describe('display thresholds (docs/metrics.md §3, §4; days in column: above 7 amber, above 14 red)', () => {
  it.each([
    [-0.1, 'success'],
    [0, 'attention'],
    [5, 'attention'],
    [5.1, 'danger'],
    [null, 'neutral'],
  ] as const)('trend %s → %s', (trend, tone) => expect(trendTone(trend)).toBe(tone));

  it.each([
    [2.6, 'danger'],
    [2.5, 'attention'],
    [1.6, 'attention'],
    [1.5, 'success'],
  ] as const)('stage intensity %s → %s', (value, tone) => expect(intensityTone(value)).toBe(tone));

  it.each([
    [81, 'success'],
    [80, 'attention'],
    [61, 'attention'],
    [60, 'danger'],
  ] as const)('active work ratio %s → %s', (value, tone) => expect(activeRatioTone(value)).toBe(tone));

  it.each([
    [0.29, 'Healthy'],
    [0.3, 'Moderate'],
    [0.59, 'Moderate'],
    [0.6, 'Critical'],
  ] as const)('queue health %s → %s', (ratio, label) => expect(queueHealth(ratio).label).toBe(label));

  it.each([
    [15, 'critical'],
    [14, 'warning'],
    [8, 'warning'],
    [7, 'normal'],
  ] as const)('days in column %s → %s', (days, level) => expect(daysInColumnLevel(days)).toBe(level));

  it('stability High / Medium / other', () => {
    expect(stabilityTone('High')).toBe('success');
    expect(stabilityTone('Medium')).toBe('attention');
    expect(stabilityTone('Low')).toBe('danger');
  });
});

describe('insight severity', () => {
  it('maps every severity and treats unknown as info', () => {
    expect(insightVariant({ severity: 'excellent' })).toBe('success');
    expect(insightVariant({ severity: 'critical' })).toBe('danger');
    expect(insightVariant({ severity: 'mixed' })).toBe('warning');
    expect(insightVariant({ severity: 'surprising' })).toBe('default');
    expect(normalizeSeverity('surprising')).toBe('info');
    expect(normalizeSeverity(undefined)).toBe('info');
  });
});

describe('formatting', () => {
  it('formats trend, intensity, confidence and dates', () => {
    expect(formatTrend(12.345)).toBe('+12.3%');
    expect(formatTrend(-4)).toBe('-4%');
    expect(formatTrend(null)).toBe('N/A');
    // As the API and the insight write it (2 decimals): the tile and the banner agree.
    expect(formatIntensity(2.75)).toBe('2.75x');
    expect(formatIntensity(1.5)).toBe('1.5x');
    expect(formatConfidence(0.5)).toBe('50%');
    expect(formatConfidence(0.876)).toBe('88%');
    expect(formatDate(null)).toBe('Unknown');
    expect(formatDate('nonsense')).toBe('Unknown');
    expect(formatDate('2025-03-05T10:00:00Z')).toBe('Mar 5, 2025');
  });

  it('rounds days as the insights do (toFixed), so a tile and its insight agree', () => {
    // The engine's insight writes fmt(57.15) = (57.15).toFixed(1) = '57.1'.
    expect(formatDays(57.15)).toBe('57.1');
    expect(formatDays(2.26)).toBe('2.3');
    expect(formatDays(-0.01)).toBe('0');
  });
});

describe('formatDate', () => {
  it("dates a timestamp on the board's local day, and a day as itself", () => {
    expect(formatDate('2026-11-01T20:00:00Z')).toBe('Nov 1, 2026');
    expect(formatDate('2026-11-01T20:00:00Z', 'Pacific/Kiritimati')).toBe('Nov 2, 2026');
    expect(formatDate('2026-11-01T20:00:00Z', '+05:30')).toBe('Nov 2, 2026');
    expect(formatDate('2026-11-02')).toBe('Nov 2, 2026');
    expect(formatDate(null)).toBe('Unknown');
  });
});

describe('the sample behind a confidence (docs/metrics.md §6)', () => {
  it('names the exact sample the engine counted, grouped in the viewer’s locale', () => {
    expect(T.common.confidenceFrom(7)).toBe('(a sample of 7)');
    expect(T.common.confidenceFrom(1234)).toBe('(a sample of 1,234)');
  });
});
