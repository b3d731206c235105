import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { item } from '../fixtures/worked-example.fixture.ts';
import { buildFlowReport } from '../reports/flow-report.ts';
import type { Transition } from '../types.ts';
import { buildIssuesInColumnReport } from './issues.ts';
import { buildLeadTimeReport } from './lead-time.ts';
import { buildTimeInStateReport } from './time-in-state.ts';

const DAY = 86_400_000;
// Friday 27 November 2026, 12:00 UTC; Berlin, Saturday and Sunday off (docs/metrics.md §12).
const now = Date.parse('2026-11-27T12:00:00Z');
const berlin = { timeZone: 'Europe/Berlin', weekends: [6, 0] };
const columns = ['Todo', 'Doing', 'Review', 'Done'];

/** Items that spent 4 days in Doing and 1 in Review, finishing every other day of the last three weeks. */
const transitions: Transition[] = Array.from({ length: 10 }, (_, i) => {
  const done = now - (1 + 2 * i) * DAY;
  const itemId = `i${i}`;
  return [
    { itemId, from: null, to: 'Todo', at: done - 8 * DAY },
    { itemId, from: 'Todo', to: 'Doing', at: done - 5 * DAY },
    { itemId, from: 'Doing', to: 'Review', at: done - DAY },
    { itemId, from: 'Review', to: 'Done', at: done },
  ];
}).flat();

describe("a working calendar's unit in every analysis' words (docs/metrics.md §12)", () => {
  it('Issues in Columns compares working days with the working days of one iteration, and says so', () => {
    // Entered 15 October 02:00 in Berlin: 43.5 calendar days before, 31.46 working days (30 whole weekdays,
    // 22 hours of the Thursday, 13 of the Friday).
    const items = [item(1, 'Doing', Date.parse('2026-10-15T00:00:00Z')), item(2, 'Doing', now - 3 * DAY)];
    const input = { columns, column: 'Doing', items, days: 14, now };
    const working = buildIssuesInColumnReport({ ...input, calendar: berlin });
    expect(working.issues[0]?.days_in_current_column).toBe(31.46);
    // 14 calendar days ending Friday noon hold 10 working days: the 1x limit, like with like.
    expect(working.column_stats.thresholds).toEqual({ '1x_iteration': 10, '2x_iteration': 20 });
    expect(working.column_stats.iteration_length_days).toBe(14);
    expect(working.column_stats.issues_over_1x_iteration).toBe(1);
    expect(working.column_stats.performance_insight.message).toBe(
      "1 of 2 issues in 'Doing' has been there longer than two iterations (28 days: 20 working days); oldest #1 at 31.5 working days.",
    );
    const plain = buildIssuesInColumnReport(input);
    expect(plain.column_stats.thresholds).toEqual({ '1x_iteration': 14, '2x_iteration': 28 });
    expect(plain.column_stats.performance_insight.message).toContain('(28 days); oldest #1 at 43.5 days.');
  });

  it('an item is over one iteration in working days only if it is over it in calendar days (property)', () => {
    const entry = fc.integer({ min: now - 60 * DAY, max: now });
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 15 }),
        fc.constantFrom(1, 7, 14, 28),
        (at, days) => {
          const items = at.map((t, i) => item(i + 1, 'Doing', t));
          const input = { columns, column: 'Doing', items, days, now };
          const working = buildIssuesInColumnReport({ ...input, calendar: berlin }).column_stats;
          const plain = buildIssuesInColumnReport(input).column_stats;
          expect(working.issues_over_1x_iteration).toBeLessThanOrEqual(plain.issues_over_1x_iteration);
          expect(working.issues_over_2x_iteration).toBeLessThanOrEqual(plain.issues_over_2x_iteration);
          expect(working.thresholds['1x_iteration']).toBeLessThanOrEqual(days);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('Time in State, Lead Time and Flow say working days in their insights, days without days off', () => {
    const board = { columns, cycleStartColumn: 'Doing', transitions, now };
    const items = [item(99, 'Doing', now - DAY)];
    const texts = (calendar?: typeof berlin) => [
      buildTimeInStateReport({ ...board, items, days: 14, ...(calendar ? { calendar } : {}) }).metrics
        .performance_insight.message,
      buildLeadTimeReport({ ...board, days: 14, ...(calendar ? { calendar } : {}) }).metrics
        .performance_insight.message,
      buildFlowReport({
        ...board,
        items,
        days: 30,
        trials: 50,
        storyDays: 14,
        ...(calendar ? { calendar } : {}),
      }).performance_insight.message,
    ];
    for (const text of texts(berlin)) expect(text).toMatch(/\d working days/);
    for (const text of texts()) {
      expect(text).toMatch(/\d days/);
      expect(text).not.toContain('working');
    }
  });
});
