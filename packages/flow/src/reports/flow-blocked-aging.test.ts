import { describe, expect, it } from 'vitest';
import { buildFlowReport } from './flow-report.ts';
import { itemIn } from '../fixtures/current-items.fixture.ts';
import type { Transition } from '../types.ts';

/** The aging items' blocked fields, found by the item's timeline row, or by id for an item with no move. */
const jan = (day: number, hour = 0) => Date.UTC(2024, 0, day, hour);
const COLUMNS = ['Backlog', 'In Progress', 'Review', 'Done'];
const item = itemIn;
const transitions: Transition[] = [
  { itemId: 'i1', from: null, to: 'In Progress', at: jan(2) },
  { itemId: 'i2', from: null, to: 'In Progress', at: jan(3) },
  { itemId: 'i2', from: 'In Progress', to: 'Review', at: jan(5) },
];
// i3 has no recorded move (the board's snapshot alone puts it in Review: no stay, so no blocked time); i4
// is blocked but not in progress.
const items = [
  item('i1', 'In Progress', jan(2)),
  item('i2', 'Review', jan(5)),
  item('i3', 'Review', jan(6)),
  item('i4', 'Backlog', jan(1)),
];
const labelChanges = [
  { itemId: 'i2', label: 'blocked', added: true, at: jan(6) },
  { itemId: 'i3', label: 'blocked', added: true, at: jan(7) },
  { itemId: 'i3', label: 'blocked', added: false, at: jan(8) },
  { itemId: 'i4', label: 'blocked', added: true, at: jan(2) },
];

describe('Flow answer: blocked aging items', () => {
  it('finds the blocked items with and without a recorded move, and no other', () => {
    const r = buildFlowReport({
      columns: COLUMNS,
      cycleStartColumn: 'In Progress',
      transitions,
      items,
      now: jan(10),
      days: 10,
      labelChanges,
    });
    const byId = Object.fromEntries(r.aging.items.map((i) => [i.id, [i.blocked, i.blocked_days]]));
    expect(byId).toEqual({ i1: [false, 0], i2: [true, 4], i3: [false, 0] });
    expect(r.blocked?.blocked_now).toBe(1);
  });
});
