import { describe, expect, it } from 'vitest';
import { computeItemTimelines, type ItemTimeline } from './item-timelines.ts';
import { DAY_MS } from '../core/numbers.ts';
import type { Transition } from '../types.ts';
import { COLUMNS, jan, TRANSITIONS } from '../fixtures/worked-example.fixture.ts';

const board = { columns: COLUMNS, cycleStartColumn: 'In Progress' };
const timelines = (transitions: Transition[], extra = {}) =>
  new Map(computeItemTimelines({ ...board, ...extra, transitions }).map((t) => [t.itemId, t]));
const get = (map: Map<string, ItemTimeline>, id: string) => map.get(id) as ItemTimeline;
const inDays = (ms: number | null) => (ms === null ? null : ms / DAY_MS);
const worked = timelines(TRANSITIONS);

describe('entry rules (docs/metrics.md worked example)', () => {
  it('#1: skipped Ready is back-filled; the move back from Review erases Review only', () => {
    const t = get(worked, '1');
    expect(t.entered).toEqual({
      Backlog: jan(1),
      Ready: jan(2),
      'In Progress': jan(2),
      Review: jan(6, 12),
      Done: jan(8),
    });
    expect(inDays(t.leadTimeMs)).toBe(7);
    expect(inDays(t.cycleTimeMs)).toBe(6);
  });

  it('#2: reopened — completion is the last entry into done', () => {
    const t = get(worked, '2');
    expect(t.completedAt).toBe(jan(9));
    expect(t.entered.Review).toBe(jan(9));
    expect(inDays(t.leadTimeMs)).toBe(8);
    expect(inDays(t.cycleTimeMs)).toBe(6);
  });

  it('#3: a move back before the cycle start restarts the cycle clock, not the lead clock', () => {
    const t = get(worked, '3');
    expect(t.entered).toEqual({
      Backlog: jan(3),
      Ready: jan(4),
      'In Progress': jan(4),
      Review: jan(6),
      Done: jan(6),
    });
    expect(t.firstEntryAt).toBe(jan(1));
    expect(inDays(t.leadTimeMs)).toBe(5);
    expect(inDays(t.cycleTimeMs)).toBe(2);
    // Deliberate difference: jira-agile-metrics starts lead time at the (erased, re-set) first column.
    const jiraLead = ((t.completedAt as number) - (t.entered.Backlog as number)) / DAY_MS;
    expect(jiraLead).toBe(3);
  });

  it('#4: an item that left the board from In Progress is not complete; its stay ended', () => {
    const t = get(worked, '4');
    expect(t.completedAt).toBeNull();
    expect(t.leadTimeMs).toBeNull();
    expect(t.stays).toEqual([
      { column: 'Backlog', start: jan(1), end: jan(2) },
      { column: 'In Progress', start: jan(2), end: jan(3) },
      { column: null, start: jan(3), end: null },
    ]);
  });

  it('#5: an item archived from Done (to = null) stays complete', () => {
    const t = get(worked, '5');
    expect(t.completedAt).toBe(jan(5));
    expect(inDays(t.leadTimeMs)).toBe(3);
    expect(inDays(t.cycleTimeMs)).toBe(2);
  });

  it('stays of #1 add up to its lead time', () => {
    const stays = get(worked, '1').stays.filter((s) => s.end !== null);
    expect(stays.map((s) => [s.column, ((s.end as number) - s.start) / DAY_MS])).toEqual([
      ['Backlog', 1],
      ['In Progress', 2],
      ['Review', 1],
      ['In Progress', 1.5],
      ['Review', 1.5],
    ]);
  });
});

describe('edge cases', () => {
  const move = (itemId: string, at: number, from: string | null, to: string | null): Transition => ({
    itemId,
    at,
    from,
    to,
  });

  it('no cycle-start column: no cycle time', () => {
    const t = get(timelines(TRANSITIONS, { cycleStartColumn: null }), '1');
    expect(t.cycleTimeMs).toBeNull();
    expect(inDays(t.leadTimeMs)).toBe(7);
  });

  it('an explicit done column; later columns count as done', () => {
    const t = get(
      timelines([move('a', jan(1), null, 'Backlog'), move('a', jan(3), 'Backlog', 'Done')], {
        doneColumn: 'Review',
      }),
      'a',
    );
    expect(t.completedAt).toBe(jan(3));
    expect(t.entered.Review).toBe(jan(3));
  });

  it('unknown columns (renamed or removed) record nothing and erase nothing', () => {
    const t = get(
      timelines([
        move('a', jan(1), null, 'Backlog'),
        move('a', jan(2), 'Backlog', 'Doing (old name)'),
        move('a', jan(4), 'Doing (old name)', 'Done'),
      ]),
      'a',
    );
    expect(t.entered['In Progress']).toBe(jan(4));
    expect(inDays(t.leadTimeMs)).toBe(3);
    expect(t.stays.map((s) => s.column)).toEqual(['Backlog', null, 'Done']);
  });

  it('simultaneous moves are chained by from/to whatever their input order', () => {
    const rows = [
      move('a', jan(1), null, 'Backlog'),
      move('a', jan(2), 'Review', 'Done'),
      move('a', jan(2), 'Backlog', 'Review'),
    ];
    const t = get(timelines(rows), 'a');
    expect(t.completedAt).toBe(jan(2));
    expect(t.stays.map((s) => s.column)).toEqual(['Backlog', 'Review', 'Done']);
  });

  it('simultaneous backward moves and a simultaneous first move are chained too', () => {
    const back = [
      move('a', jan(1), null, 'Review'),
      move('a', jan(2), 'In Progress', 'Backlog'),
      move('a', jan(2), 'Review', 'In Progress'),
    ];
    expect(get(timelines(back), 'a').stays.map((s) => s.column)).toEqual([
      'Review',
      'In Progress',
      'Backlog',
    ]);
    const first = [move('b', jan(1), 'Review', 'Backlog'), move('b', jan(1), null, 'Review')];
    expect(get(timelines(first), 'b').stays.map((s) => s.column)).toEqual(['Review', 'Backlog']);
  });

  describe('moves at one instant (found comparing with jira-agile-metrics on random boards)', () => {
    const oracleBoard = { columns: ['Backlog', 'Committed', 'Build', 'Done'], cycleStartColumn: 'Committed' };
    const at3 = jan(3, 3);
    const run = (transitions: Transition[]) =>
      computeItemTimelines({ ...oracleBoard, transitions })[0] as ItemTimeline;
    const inputOrders = (rows: Transition[]) => [
      rows,
      [...rows].reverse(),
      [...rows.slice(2), ...rows.slice(0, 2)],
    ];

    it('a loop is ordered as the chain that connects to the next move, not by lowest target', () => {
      const rows = [
        move('a', at3, 'Committed', 'Done'),
        move('a', at3, 'Done', 'Committed'),
        move('a', at3, 'Committed', 'Backlog'),
        move('a', jan(4), 'Backlog', 'Committed'),
      ];
      for (const order of inputOrders(rows)) {
        const t = run(order);
        // Committed → Done → Committed → Backlog, then back to Committed on the 4th: not complete.
        expect(t.completedAt).toBeNull();
        expect(t.stays.map((s) => s.column)).toEqual(['Done', 'Committed', 'Backlog', 'Committed']);
        expect(t.entered).toEqual({ Backlog: at3, Committed: jan(4), Build: null, Done: null });
      }
    });

    it('identical moves at one instant are kept when the chain needs them', () => {
      const rows = [
        move('a', jan(1), null, 'Backlog'),
        move('a', at3, 'Backlog', 'Committed'),
        move('a', at3, 'Committed', 'Backlog'),
        move('a', at3, 'Backlog', 'Committed'),
        move('a', jan(4), 'Committed', 'Done'),
      ];
      for (const order of inputOrders(rows)) {
        const t = run(order);
        expect(t.stays.map((s) => s.column)).toEqual([
          'Backlog',
          'Committed',
          'Backlog',
          'Committed',
          'Done',
        ]);
        expect(t.stays[3]).toEqual({ column: 'Committed', start: at3, end: jan(4) });
        expect(t.completedAt).toBe(jan(4));
        // Without the next move nothing needs the copy: it is a duplicate and dropped.
        expect(run(order.filter((r) => r.at !== jan(4))).stays.at(-1)?.column).toBe('Backlog');
      }
      // Copies beyond what the chain needs are dropped.
      const doubled = [
        ...rows,
        move('a', at3, 'Committed', 'Backlog'),
        move('a', at3, 'Backlog', 'Committed'),
      ];
      expect(run(doubled).stays).toEqual(run(rows).stays);
    });
  });

  it('a move into the current column changes nothing', () => {
    const rows = [move('a', jan(1), null, 'Backlog'), move('a', jan(2), 'Backlog', 'Backlog')];
    expect(get(timelines(rows), 'a').stays).toEqual([{ column: 'Backlog', start: jan(1), end: null }]);
  });

  it('rows with an invalid time are ignored', () => {
    const rows = [move('a', jan(1), null, 'Backlog'), move('a', Number.NaN, 'Backlog', 'Done')];
    expect(get(timelines(rows), 'a').completedAt).toBeNull();
  });

  it('an item that never reached a board column has no timeline dates', () => {
    const t = get(timelines([move('a', jan(1), null, 'Gone'), move('a', jan(2), 'Gone', null)]), 'a');
    expect(t.firstEntryAt).toBeNull();
    expect(t.stays).toEqual([]);
    expect(Object.values(t.entered).every((v) => v === null)).toBe(true);
  });
});
