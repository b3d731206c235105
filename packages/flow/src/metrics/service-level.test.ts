import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../core/numbers.ts';
import type { ItemTimeline } from '../timeline/item-timelines.ts';
import { columnExitAges, proposeServiceLevel, SLE_MIN_COMPLETIONS, sleRisk } from './service-level.ts';

const elapsed = (from: number, to: number) => Math.max(0, to - from);
const WIP = ['In Progress', 'Review'];

/** A finished item that left In Progress at `leftDays` and finished (left Review) at `doneDays`. */
function finished(id: string, leftDays: number, doneDays: number): ItemTimeline {
  const done = doneDays * DAY_MS;
  return {
    itemId: id,
    entered: { Backlog: -DAY_MS, 'In Progress': 0, Review: leftDays * DAY_MS, Done: done },
    firstEntryAt: -DAY_MS,
    completedAt: done,
    leadTimeMs: done + DAY_MS,
    cycleTimeMs: done,
    partialBefore: null,
    stays: [],
  };
}

describe('SLE proposed from the board history (docs/metrics.md, "Service Level Expectation")', () => {
  it('is the 85th percentile of ten cycle times rounded up: 1…10 days give 9 days', () => {
    expect(proposeServiceLevel([3, 1, 2, 10, 4, 5, 6, 7, 8, 9])).toEqual({ percent: 85, days: 9 });
  });

  it('proposes nothing from fewer than ten completions', () => {
    expect(proposeServiceLevel([1, 2, 3, 4, 5, 6, 7, 8, 9])).toBeNull();
  });

  it('follows the percent asked and never proposes less than a day', () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(proposeServiceLevel(ten, 50)).toEqual({ percent: 50, days: 6 });
    expect(proposeServiceLevel(Array(12).fill(0.2))).toEqual({ percent: 85, days: 1 });
  });

  it('covers at least the percent of the sample it was proposed from (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), {
          minLength: SLE_MIN_COMPLETIONS,
          maxLength: 60,
        }),
        fc.integer({ min: 50, max: 99 }),
        (cycleDays, percent) => {
          const sle = proposeServiceLevel(cycleDays, percent);
          const within = cycleDays.filter((d) => d <= (sle?.days ?? 0)).length;
          expect(within / cycleDays.length).toBeGreaterThanOrEqual(percent / 100 - 1 / cycleDays.length);
        },
      ),
    );
  });
});

describe('items at risk of missing the SLE (docs/metrics.md worked example)', () => {
  // Left In Progress at 1, 2, 2, 3, 4 days; finished at 3, 4, 5, 6, 8 days.
  const sample = [
    finished('a', 1, 3),
    finished('b', 2, 4),
    finished('c', 2, 5),
    finished('d', 3, 6),
    finished('e', 4, 8),
  ];
  const limits = columnExitAges(sample, WIP, 'Done', 85, elapsed);
  const sle = { percent: 85, days: 7 };

  it('learns each column exit age: In Progress 3.4, Review 6.8', () => {
    expect(limits).toEqual({ 'In Progress': 3.4, Review: 6.8 });
  });

  it('calls 3.5 days in In Progress at risk, 5 days in Review on track, 7.5 days breached', () => {
    expect(sleRisk(3.5, limits['In Progress'] ?? null, sle)).toBe('at_risk');
    expect(sleRisk(5, limits.Review ?? null, sle)).toBe('on_track');
    expect(sleRisk(7.5, limits.Review ?? null, sle)).toBe('breached');
    expect(sleRisk(3.4, limits['In Progress'] ?? null, sle)).toBe('on_track');
  });

  it('has no column limit to learn from without finished items, and then only the SLE counts', () => {
    expect(columnExitAges([], WIP, 'Done', 85, elapsed)).toEqual({ 'In Progress': null, Review: null });
    expect(sleRisk(6.9, null, sle)).toBe('on_track');
    expect(sleRisk(7.1, null, sle)).toBe('breached');
  });

  it('never calls an item older than the SLE anything but breached (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 50, noNaN: true }),
        fc.option(fc.double({ min: 0, max: 50, noNaN: true })),
        fc.integer({ min: 1, max: 30 }),
        (age, limit, days) => {
          const risk = sleRisk(age, limit, { percent: 85, days });
          expect(risk === 'breached').toBe(age > days);
        },
      ),
    );
  });
});
