import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { item } from '../fixtures/worked-example.fixture.ts';
import { buildColumnStats, buildIssuesInColumnReport } from './issues.ts';

const columns = ['Todo', 'Doing', 'Done'];
// Monday 12 January 2026, 09:00 UTC.
const now = Date.parse('2026-01-12T09:00:00Z');
const friday = Date.parse('2026-01-09T17:00:00Z');
const weekdays = { weekends: [6, 0] };

describe('ages on a working calendar', () => {
  it('an item that entered its column on Friday 17:00 is 16 hours old on Monday 09:00, not 2.67 days', () => {
    const items = [item(1, 'Doing', friday)];
    const plain = buildIssuesInColumnReport({ columns, column: 'Doing', items, days: 7, now });
    const working = buildIssuesInColumnReport({
      columns,
      column: 'Doing',
      items,
      days: 7,
      now,
      calendar: weekdays,
    });
    expect(plain.issues[0]?.days_in_current_column).toBe(2.67);
    expect(working.issues[0]?.days_in_current_column).toBe(0.67);
    expect(working.column_stats.avg_days).toBe(0.67);
    expect(buildColumnStats({ columns, items, now, calendar: weekdays }).Doing?.avg_days).toBe(0.67);
  });

  it('ages equal the elapsed ones with no day off, and are never more with days off', () => {
    const entry = fc.integer({ min: now - 60 * 86_400_000, max: now + 86_400_000 });
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 20 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 3 }),
        (entries, weekends) => {
          const items = entries.map((at, i) => item(i + 1, i % 2 ? 'Todo' : 'Doing', at));
          const plain = buildColumnStats({ columns, items, now });
          expect(buildColumnStats({ columns, items, now, calendar: { timeZone: 'UTC' } })).toEqual(plain);
          const working = buildColumnStats({ columns, items, now, calendar: { weekends } });
          for (const name of ['Todo', 'Doing']) {
            expect(working[name]?.avg_days).toBeLessThanOrEqual(plain[name]?.avg_days as number);
            expect(working[name]?.over_7_days).toBeLessThanOrEqual(plain[name]?.over_7_days as number);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
