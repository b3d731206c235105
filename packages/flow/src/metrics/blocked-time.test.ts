import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../core/numbers.ts';
import {
  addBlockedByColumn,
  blockedSpans,
  dependencyBlockedSpans,
  type FieldValueChange,
  fieldBlockedSpans,
  itemFlowTime,
  type LabelChange,
  markedBlockedSpans,
  unionSpans,
} from './blocked-time.ts';

const jan = (day: number, hour = 0) => Date.UTC(2024, 0, day, hour);
const elapsed = (from: number, to: number) => Math.max(0, to - from);
const change = (at: number, added: boolean, label = 'blocked', itemId = 'x'): LabelChange => ({
  itemId,
  label,
  added,
  at,
});

describe('blocked spans from label history', () => {
  it('runs from each addition to the next removal, or to now; case does not matter', () => {
    const spans = blockedSpans(
      [
        change(jan(3), true, 'Blocked'),
        change(jan(4, 12), false),
        change(jan(6), true),
        change(jan(2), true, 'bug'),
      ],
      'blocked',
      jan(7),
    );
    expect(spans.get('x')).toEqual([
      { start: jan(3), end: jan(4, 12) },
      { start: jan(6), end: jan(7), open: true },
    ]);
  });

  it('ignores a repeated addition, a removal while not blocked and anything after now', () => {
    const spans = blockedSpans(
      [
        change(jan(1), false),
        change(jan(2), true),
        change(jan(3), true),
        change(jan(4), false),
        change(jan(9), true),
      ],
      'blocked',
      jan(5),
    );
    expect(spans.get('x')).toEqual([{ start: jan(2), end: jan(4) }]);
  });
});

const flag = (at: number, value: string | null, field = 'Flag', itemId = 'x'): FieldValueChange => ({
  itemId,
  field,
  value,
  at,
});
const IMPEDED = { name: 'Flag', value: 'Impeded' };

describe('blocked spans from a board field', () => {
  it('runs while the field holds the value (without case): to another value, to cleared, or to now', () => {
    const spans = fieldBlockedSpans(
      [
        flag(jan(1), 'Ready'),
        flag(jan(2), 'impeded'),
        flag(jan(3), 'Ready'),
        flag(jan(4), 'Impeded'),
        flag(jan(5), null),
        flag(jan(6), 'Impeded'),
      ],
      IMPEDED,
      jan(7),
    );
    expect(spans.get('x')).toEqual([
      { start: jan(2), end: jan(3) },
      { start: jan(4), end: jan(5) },
      { start: jan(6), end: jan(7), open: true },
    ]);
  });

  it('reads only the named field, ignores a repeated value and anything after now', () => {
    const spans = fieldBlockedSpans(
      [
        flag(jan(1), 'Impeded', 'Priority'),
        flag(jan(2), 'Impeded'),
        flag(jan(3), 'Impeded'),
        flag(jan(4), 'Ready'),
        flag(jan(9), 'Impeded'),
      ],
      IMPEDED,
      jan(5),
    );
    expect(spans.get('x')).toEqual([{ start: jan(2), end: jan(4) }]);
  });
});

describe('blocked by the label or the field: one union', () => {
  it('merges overlapping and touching spans of both sources, counting a time once', () => {
    const byLabel = new Map([['x', [{ start: jan(4), end: jan(5, 12) }]]]);
    const byField = new Map([
      [
        'x',
        [
          { start: jan(3), end: jan(4, 12) },
          { start: jan(5, 12), end: jan(6) },
          { start: jan(8), end: jan(9), open: true },
        ],
      ],
      ['y', [{ start: jan(1), end: jan(2) }]],
    ]);
    const spans = unionSpans(byLabel, byField);
    expect(spans.get('x')).toEqual([
      { start: jan(3), end: jan(6) },
      { start: jan(8), end: jan(9), open: true },
    ]);
    expect(spans.get('y')).toEqual([{ start: jan(1), end: jan(2) }]);
  });

  it('keeps a span open when the open one ends last, and a closed one inside it does not close it', () => {
    const spans = unionSpans(
      new Map([['x', [{ start: jan(2), end: jan(7), open: true }]]]),
      new Map([['x', [{ start: jan(3), end: jan(4) }]]]),
    );
    expect(spans.get('x')).toEqual([{ start: jan(2), end: jan(7), open: true }]);
  });
});

describe('flow efficiency (docs/metrics.md worked example)', () => {
  // In Progress 2nd → 5th, Waiting for Review 5th → 6th, Review 6th → 8th (Done); blocked 3rd → 4th 12:00.
  const stays = [
    { column: 'Backlog', start: jan(1), end: jan(2) },
    { column: 'In Progress', start: jan(2), end: jan(5) },
    { column: 'Waiting for Review', start: jan(5), end: jan(6) },
    { column: 'Review', start: jan(6), end: jan(8) },
    { column: 'Done', start: jan(8), end: null },
  ];
  const ctx = {
    inProgress: new Set(['In Progress', 'Waiting for Review', 'Review']),
    productive: new Set(['In Progress', 'Review']),
    workingMs: elapsed,
  };
  const spans = blockedSpans([change(jan(3), true), change(jan(4, 12), false)], 'blocked', jan(10)).get('x');

  it('is 1.5 days blocked in In Progress, 3.5 active of 6: 58%', () => {
    const time = itemFlowTime(stays, jan(2), jan(8), spans, ctx);
    expect(time.blockedMs / DAY_MS).toBe(1.5);
    expect(Object.fromEntries(time.blockedByColumn)).toEqual({ 'In Progress': 1.5 * DAY_MS });
    expect(time.activeMs / DAY_MS).toBe(3.5);
    expect(time.totalMs / DAY_MS).toBe(6);
    expect(time.efficiency).toBeCloseTo(0.5833, 4);
  });

  it("read from a timeline's stays in place, sums by column as the item's own Map does", () => {
    const board = ['Backlog', 'In Progress', 'Waiting for Review', 'Review', 'Done', 'In Progress'];
    // Two items: the worked example's stays (row 1), and one blocked in Review (row 0), with a repeated
    // column name (position 5 sums under position 1, the name's first).
    const rows = [
      [
        [5, jan(1), jan(3)],
        [3, jan(3), jan(5)],
      ],
      stays.map((s) => [board.indexOf(s.column), s.start, s.end ?? Number.NaN]),
    ];
    const flat = rows.flat();
    const table = {
      stays: {
        count: flat.length,
        item: Uint32Array.from(rows.flatMap((r, row) => r.map(() => row))),
        column: Int16Array.from(flat, (s) => s[0] as number),
        start: Float64Array.from(flat, (s) => s[1] as number),
        end: Float64Array.from(flat, (s) => s[2] as number),
      },
      from: Int32Array.from([0, 2, flat.length]),
    };
    const slots = Int16Array.from([-1, 1, 2, 3, -1, 1]);
    const totals = {
      sums: new Float64Array(6),
      counted: new Uint8Array(6),
      own: { sums: new Float64Array(6), counted: new Uint8Array(6) },
    };
    const other = blockedSpans([change(jan(2), true), change(jan(4), false)], 'blocked', jan(10)).get('x');
    addBlockedByColumn(table, 0, { from: jan(1), to: jan(9) }, other ?? [], { ...ctx, slots }, totals);
    addBlockedByColumn(table, 1, { from: jan(2), to: jan(8) }, spans ?? [], { ...ctx, slots }, totals);
    expect([...totals.sums]).toEqual([0, 2.5 * DAY_MS, 0, 1 * DAY_MS, 0, 0]);
    expect([...totals.counted]).toEqual([0, 1, 0, 1, 0, 0]);
    expect([...totals.own.sums, ...totals.own.counted].every((v) => v === 0)).toBe(true);
  });

  it('without a blocked label it is the productive share: 5 of 6 days', () => {
    expect(itemFlowTime(stays, jan(2), jan(8), undefined, ctx).efficiency).toBeCloseTo(5 / 6, 10);
  });

  it('counts a block only while in progress: before commitment it is not flow time', () => {
    const early = blockedSpans([change(jan(1), true), change(jan(2), false)], 'blocked', jan(10)).get('x');
    expect(itemFlowTime(stays, jan(2), jan(8), early, ctx).blockedMs).toBe(0);
  });
});

describe('blocked by an open issue (issue dependencies)', () => {
  const H = 3_600_000;
  const dep = (itemId: string, blockingId: string, blocking: boolean, at: number) => ({
    itemId,
    blockingId,
    blocking,
    at,
  });

  it("runs per blocking issue from its start to its stop, joining an item's blockers", () => {
    const spans = dependencyBlockedSpans(
      [
        dep('a', 'I_x', true, 0),
        dep('a', 'I_y', true, 2 * H),
        dep('a', 'I_x', false, 3 * H),
        dep('a', 'I_y', false, 5 * H),
        dep('b', 'I_x', true, 4 * H),
      ],
      10 * H,
    );
    expect(spans.get('a')).toEqual([{ start: 0, end: 5 * H }]);
    expect(spans.get('b')).toEqual([{ start: 4 * H, end: 10 * H, open: true }]);
  });

  it('ignores a repeated start (a webhook delivered twice, a listing after it) and a stop while not blocking', () => {
    const spans = dependencyBlockedSpans(
      [
        dep('a', 'I_x', false, 0),
        dep('a', 'I_x', true, H),
        dep('a', 'I_x', true, H),
        dep('a', 'I_x', true, 2 * H),
        dep('a', 'I_x', false, 4 * H),
        dep('a', 'I_x', false, 6 * H),
        dep('a', 'I_x', true, 20 * H),
      ],
      10 * H,
    );
    expect(spans.get('a')).toEqual([{ start: H, end: 4 * H }]);
  });

  it('node ids that differ only in case are different issues', () => {
    const spans = dependencyBlockedSpans(
      [dep('a', 'I_kwDOab', true, 0), dep('a', 'I_kwDOAB', false, H)],
      3 * H,
    );
    expect(spans.get('a')).toEqual([{ start: 0, end: 3 * H, open: true }]);
  });

  it('worked example (docs/metrics.md, "Dependency blocking"): label, field and dependency joined, counted once', () => {
    const DAY = 24 * H;
    const spans = markedBlockedSpans({
      // Blocked label Mon 09:00 → Tue 09:00.
      labelChanges: [
        { itemId: 'a', label: 'blocked', added: true, at: 9 * H },
        { itemId: 'a', label: 'blocked', added: false, at: DAY + 9 * H },
      ],
      label: 'Blocked',
      // Field Flag = Waiting Tue 12:00 → Wed 12:00.
      fieldChanges: [
        { itemId: 'a', field: 'Flag', value: 'Waiting', at: DAY + 12 * H },
        { itemId: 'a', field: 'Flag', value: null, at: 2 * DAY + 12 * H },
      ],
      field: { name: 'Flag', value: 'waiting' },
      // Blocked by #12 from Mon 18:00 until #12 closed Tue 15:00.
      dependencyChanges: [dep('a', 'I_12', true, 18 * H), dep('a', 'I_12', false, DAY + 15 * H)],
      now: 5 * DAY,
    });
    expect(spans.get('a')).toEqual([{ start: 9 * H, end: 2 * DAY + 12 * H }]);
    const total = (spans.get('a') ?? []).reduce((sum, s) => sum + s.end - s.start, 0);
    expect(total / H).toBe(51);
  });
});
