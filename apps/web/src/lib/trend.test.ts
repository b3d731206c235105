import type { TrendChange } from '@fluxion/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trendDisplay } from './trend.ts';

const change = (over: Partial<TrendChange>): TrendChange => ({
  percent: 17.6,
  clear: false,
  reason: 'within_noise',
  completions: 10,
  previous_completions: 9,
  noise_percent: 41.2,
  ...over,
});

const trendDisplay30 = (c: TrendChange) => trendDisplay(c, 30);

describe('a trend tile (docs/metrics.md §3, "Honest trends")', () => {
  it('says "No clear change" in neutral, and why, for a change within the noise or on too few completions', () => {
    expect(trendDisplay30(change({}))).toEqual({
      value: 'No clear change',
      tone: 'neutral',
      hint: "+17.6% vs the window before is within the window's own noise (±41.2%)",
    });
    expect(trendDisplay30(change({ percent: 173.4, reason: 'few_completions', completions: 4 }))).toEqual({
      value: 'No clear change',
      tone: 'neutral',
      hint: '+173.4% rests on 9 and 4 completions; a trend needs 5 in each window',
    });
  });

  it('shows no "-100%" for a window without a completion', () => {
    expect(trendDisplay30(change({ percent: -100, reason: 'few_completions', completions: 0 }))).toEqual({
      value: '—',
      tone: 'neutral',
      hint: 'Needs a completion in this window',
    });
  });

  it('colours a clear trend by the display thresholds and says it is past the noise', () => {
    expect(trendDisplay30(change({ percent: 28, clear: true, reason: 'clear', noise_percent: 16 }))).toEqual({
      value: '+28%',
      tone: 'danger',
      hint: "Past the window's own noise (±16%)",
    });
    expect(trendDisplay30(change({ percent: -20, clear: true, reason: 'clear' })).tone).toBe('success');
  });

  it('shows no figure without a window before, and names that window as the page does', () => {
    expect(trendDisplay30(change({ percent: 0, reason: 'no_previous', previous_completions: 0 }))).toEqual({
      value: '—',
      tone: 'neutral',
      hint: 'Needs a completion in the 30 days before',
    });
  });

  it('is coloured only when the engine calls the trend clear (property)', () => {
    const reasons = fc.constantFrom<TrendChange['reason']>(
      'clear',
      'no_previous',
      'few_completions',
      'within_noise',
    );
    fc.assert(
      fc.property(
        fc.double({ min: -500, max: 500, noNaN: true }),
        fc.boolean(),
        reasons,
        (percent, clear, reason) => {
          const shown = trendDisplay30(change({ percent, clear, reason }));
          if (shown.tone !== 'neutral') expect(clear).toBe(true);
          if (!clear) expect(shown.value).not.toMatch(/%/);
        },
      ),
    );
  });
});
