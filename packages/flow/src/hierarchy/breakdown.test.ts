import { describe, expect, it } from 'vitest';
import { filterBoard } from '../input/item-filter.ts';
import { describeFilter } from '../insights/filter-note.ts';
import type { FieldValueChange } from '../metrics/blocked-time.ts';
import { buildFlowReport } from '../reports/flow-report.ts';
import type { BoardItem, Transition } from '../types.ts';

const DAY = 86_400_000;
const JAN = Date.UTC(2026, 0, 1);
const COLUMNS = ['Todo', 'Doing', 'Done'];

const issue = (n: number, column: string, extra: Partial<BoardItem> = {}): BoardItem => ({
  id: `item-${n}`,
  number: n,
  title: `Issue ${n}`,
  url: `https://github.com/acme/web/issues/${n}`,
  milestone: null,
  labels: [],
  column,
  enteredColumnAt: JAN,
  ...extra,
});
const move = (n: number, to: string, day: number): Transition => ({
  itemId: `item-${n}`,
  from: null,
  to,
  at: JAN + day * DAY,
});
const set = (n: number, value: string | null, day: number): FieldValueChange => ({
  itemId: `item-${n}`,
  field: 'Priority',
  value,
  at: JAN + day * DAY,
});

// Four items, split by their Priority (the board's breakdown field). Item 2 was High while it was worked on
// and lowered to Low a day after it was done: it counts as High, the value it finished with.
const items = [
  issue(1, 'Done'),
  issue(2, 'Done'),
  issue(3, 'Doing'),
  issue(4, 'Doing', { issueType: 'Bug' }),
];
const transitions = [
  move(1, 'Doing', 0),
  move(1, 'Done', 2),
  move(2, 'Doing', 0),
  move(2, 'Done', 6),
  move(3, 'Doing', 3),
  move(4, 'Doing', 8),
];
const changes = [set(1, 'High', 0), set(2, 'High', 0), set(3, 'Low', 1), set(2, 'Low', 7), set(3, 'High', 9)];
const now = JAN + 10 * DAY;
const report = (extra: Partial<Parameters<typeof buildFlowReport>[0]> = {}) =>
  buildFlowReport({
    columns: COLUMNS,
    cycleStartColumn: 'Doing',
    transitions,
    items,
    now,
    days: 30,
    calendar: { timeZone: 'UTC' },
    ...extra,
  });

describe('breakdown by a board field', () => {
  it('counts a finished item under the value it had when it finished, work in progress under its value now', () => {
    const { breakdown } = report({ breakdownField: { name: 'Priority', changes } });
    expect(breakdown?.by).toBe('field');
    expect(breakdown?.field).toBe('Priority');
    expect(
      breakdown?.rows.map((r) => [r.value, r.throughput, r.wip, r.p50, r.p85, r.oldest_days, r.over_p85]),
    ).toEqual([
      // Items 1 and 2 finished as High in 2 and 6 days: p50 4, p85 2 + 0.85 × 4 = 5.4. Item 3 is High now (7 days old).
      ['High', 2, 1, 4, 5.4, 7, 1],
      // Item 4 never had a value: in progress for 2 days, under "none".
      [null, 0, 1, null, null, 2, 0],
    ]);
  });

  it('splits by issue type without a field, with the same rows as by_type', () => {
    const flow = report({ breakdownNote: 'gone' });
    expect(flow.breakdown).toMatchObject({ by: 'issue_type', field: null, note: 'gone' });
    expect(flow.breakdown?.rows.map((r) => [r.value, r.throughput, r.wip])).toEqual(
      flow.by_type?.map((r) => [r.type, r.throughput, r.wip]),
    );
  });

  it('filters every analysis by the value items have now, without case', () => {
    const filter = { fieldValues: { field: 'Priority', values: ['high'], changes } };
    const kept = filterBoard({ items, transitions }, filter, { doneColumn: 'Done' });
    // Item 2 is Low now; items 1 and 3 are High.
    expect(kept.items.map((i) => i.id)).toEqual(['item-1', 'item-3']);
    expect(describeFilter(filter)).toBe('Priority "high"');
  });

  it('filters to the items without a value (null), alone or beside values, and by no issue type', () => {
    const unset = [...changes, set(1, null, 9)];
    const none = { fieldValues: { field: 'Priority', values: [null], changes: unset } };
    // Item 4 never had a Priority; item 1 had one until it was cleared on day 9.
    expect(filterBoard({ items, transitions }, none, { doneColumn: 'Done' }).items.map((i) => i.id)).toEqual([
      'item-1',
      'item-4',
    ]);
    expect(describeFilter(none)).toBe('no Priority');
    const lowOrNone = { fieldValues: { field: 'Priority', values: ['low', null], changes } };
    expect(
      filterBoard({ items, transitions }, lowOrNone, { doneColumn: 'Done' }).items.map((i) => i.id),
    ).toEqual(['item-2', 'item-4']);
    expect(describeFilter(lowOrNone)).toBe('Priority "low" or none');
    // Only item 4 has an issue type: no type keeps the other three, and a hidden item matches no filter.
    const untyped = { issueTypes: [null] };
    const kept = filterBoard({ items, transitions }, untyped, {
      doneColumn: 'Done',
      hidden: new Set(['item-3']),
    });
    expect(kept.items.map((i) => i.id)).toEqual(['item-1', 'item-2']);
    expect(kept.transitions).toHaveLength(4);
    expect(describeFilter(untyped)).toBe('no issue type');
    expect(describeFilter({ issueTypes: ['Bug', null] })).toBe('issue type "Bug" or none');
  });
});
