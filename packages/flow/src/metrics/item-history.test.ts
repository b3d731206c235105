import { describe, expect, it } from 'vitest';
import { buildItemHistory, type ItemHistoryInput } from './item-history.ts';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-02T00:00:00Z'); // a Monday
const at = (day: number) => T0 + day * DAY;
const board = { columns: ['Inbox', 'Doing', 'Verify', 'Shipped'], cycleStartColumn: 'Doing' };
const sle = { percent: 85, days: 5, columnLimits: { Doing: 2, Verify: 4 } };

const input = (over: Partial<ItemHistoryInput>): ItemHistoryInput => ({
  ...board,
  itemId: 'I',
  column: 'Shipped',
  enteredColumnAt: null,
  moves: [],
  blocked: [],
  sle,
  now: at(20),
  ...over,
});

describe('buildItemHistory: one item’s moves, time per column, blocked spans and SLE place', () => {
  const finished = [
    { itemId: 'I', from: 'Doing', to: 'Verify', at: at(3), source: 'webhook' },
    { itemId: 'I', from: null, to: 'Inbox', at: at(0), source: 'import' },
    { itemId: 'I', from: 'Inbox', to: 'Doing', at: at(1), source: 'poll' },
    { itemId: 'I', from: 'Verify', to: 'Doing', at: at(4), source: 'webhook' },
    { itemId: 'I', from: 'Doing', to: 'Verify', at: at(6), source: 'webhook' },
    { itemId: 'I', from: 'Verify', to: 'Shipped', at: at(7.5), source: 'poll' },
  ];

  it('lists its moves in time order with their source, and sums each column’s stays', () => {
    const h = buildItemHistory(
      input({
        moves: finished,
        blocked: [
          { start: at(2), end: at(2.5) },
          { start: at(5), end: at(6) },
        ],
      }),
    );
    expect(h.moves.map((m) => `${m.from}→${m.to} ${m.source}`)).toEqual([
      'null→Inbox import',
      'Inbox→Doing poll',
      'Doing→Verify webhook',
      'Verify→Doing webhook',
      'Doing→Verify webhook',
      'Verify→Shipped poll',
    ]);
    expect(h.moves[0]?.at).toBe('2026-11-02T00:00:00.000Z');
    expect(h.columns).toEqual([
      { column: 'Inbox', days: 1, stays: 1 },
      { column: 'Doing', days: 4, stays: 2 },
      { column: 'Verify', days: 2.5, stays: 2 },
    ]);
    expect(h.blocked).toEqual([
      { start: '2026-11-04T00:00:00.000Z', end: '2026-11-04T12:00:00.000Z', days: 0.5 },
      { start: '2026-11-07T00:00:00.000Z', end: '2026-11-08T00:00:00.000Z', days: 1 },
    ]);
    expect(h.blocked_days).toBe(1.5);
    expect(h.completed_at).toBe('2026-11-09T12:00:00.000Z');
    expect(h.lead_time_days).toBe(7.5);
    expect(h.age_days).toBeNull();
  });

  it('a finished item met or missed the SLE by its cycle time', () => {
    const h = buildItemHistory(input({ moves: finished }));
    expect(h.cycle_time_days).not.toBeNull();
    const cycle = h.cycle_time_days as number;
    expect(h.sle).toEqual({ percent: 85, days: 5, place: cycle <= 5 ? 'met' : 'missed' });
    const strict = buildItemHistory(input({ moves: finished, sle: { ...sle, days: 1 } }));
    expect(strict.sle?.place).toBe('missed');
  });

  it('an item in progress has an age since its cycle start and its risk against the SLE', () => {
    const moves = finished.slice(0, 3).map((m) => ({ ...m }));
    const h = buildItemHistory(input({ moves, column: 'Verify', now: at(6) }));
    expect(h.started_at).toBe('2026-11-03T00:00:00.000Z');
    expect(h.age_days).toBe(5);
    expect(h.age_is_minimum).toBe(false);
    // 5 days is not over the SLE of 5, but over the 4 days by which 85% had left Verify.
    expect(h.sle?.place).toBe('at_risk');
    expect(buildItemHistory(input({ moves, column: 'Verify', now: at(7) })).sle?.place).toBe('breached');
    expect(buildItemHistory(input({ moves, column: 'Verify', now: at(4) })).sle?.place).toBe('on_track');
  });

  it('a partial history: no cycle start known, an age of at least the time in its column', () => {
    const h = buildItemHistory(
      input({
        moves: [{ itemId: 'I', from: null, to: 'Doing', at: at(10), source: 'import' }],
        column: 'Doing',
        enteredColumnAt: at(10),
        partialHistory: new Map([['I', at(10)]]),
      }),
    );
    expect(h.history_known_from).toBe('2026-11-12T00:00:00.000Z');
    expect(h.age_is_minimum).toBe(true);
    expect(h.age_days).toBe(10);
  });

  it('ages an item that skipped the cycle-start column as Flow does: from the later column it reached', () => {
    const moves = [
      { itemId: 'I', from: null, to: 'Inbox', at: at(0), source: 'poll' },
      { itemId: 'I', from: 'Inbox', to: 'Verify', at: at(2), source: 'poll' },
    ];
    const h = buildItemHistory(input({ moves, column: 'Verify', enteredColumnAt: at(2), now: at(6) }));
    expect([h.age_days, h.age_is_minimum]).toEqual([4, false]);
    // Partial: GitHub's record starts with it in Verify on day 10, the listing says it entered on day 12.
    const partial = buildItemHistory(
      input({
        moves: [{ itemId: 'I', from: null, to: 'Verify', at: at(10), source: 'import' }],
        column: 'Verify',
        enteredColumnAt: at(12),
        partialHistory: new Map([['I', at(10)]]),
      }),
    );
    expect([partial.age_days, partial.age_is_minimum, partial.started_at]).toEqual([10, true, null]);
  });

  it('gives no age to an item before its cycle start (the backlog is not in progress)', () => {
    const moves = [{ itemId: 'I', from: null, to: 'Inbox', at: at(0), source: 'poll' }];
    const h = buildItemHistory(input({ moves, column: 'Inbox', enteredColumnAt: at(0) }));
    expect([h.age_days, h.age_is_minimum]).toEqual([null, false]);
  });

  it('counts working days on a working calendar, and says so', () => {
    const moves = finished.slice(0, 3);
    const h = buildItemHistory(
      input({ moves, column: 'Verify', now: at(7), calendar: { weekends: [0, 6] } }),
    );
    expect(h.unit).toBe('working days');
    // Tue 3 Nov to Mon 9 Nov 00:00: Tuesday to Friday, 4 working days (the weekend is not counted).
    expect(h.age_days).toBe(4);
  });

  it('leaves moves after now out', () => {
    const h = buildItemHistory(input({ moves: finished, now: at(2) }));
    expect(h.moves).toHaveLength(2);
  });
});
