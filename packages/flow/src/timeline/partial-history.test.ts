import { describe, expect, it } from 'vitest';
import { computeItemTimelines } from './item-timelines.ts';
import { buildFlowReport } from '../reports/flow-report.ts';
import { buildLeadTimeReport } from '../metrics/lead-time.ts';
import { buildTimeInStateReport } from '../metrics/time-in-state.ts';
import type { BoardItem } from '../types.ts';

/** docs/metrics.md §16, worked example: the rule for partial histories, item by item. */
const at = (day: number) => Date.UTC(2026, 0, day);
const DAY = 86_400_000;
const board = {
  columns: ['Todo', 'Doing', 'Review', 'Done'],
  cycleStartColumn: 'Doing',
  partialHistory: new Map([
    ['P', at(5)],
    ['Q', at(3)],
    ['S', at(7)],
  ]),
};
const transitions = [
  { itemId: 'P', from: null, to: 'Todo', at: at(1) },
  { itemId: 'P', from: null, to: 'Done', at: at(5) },
  { itemId: 'Q', from: null, to: 'Todo', at: at(1) },
  { itemId: 'Q', from: null, to: 'Review', at: at(3) },
  { itemId: 'Q', from: 'Review', to: 'Doing', at: at(4) },
  { itemId: 'Q', from: 'Doing', to: 'Done', at: at(8) },
  { itemId: 'R', from: null, to: 'Todo', at: at(2) },
  { itemId: 'R', from: 'Todo', to: 'Doing', at: at(3) },
  { itemId: 'R', from: 'Doing', to: 'Done', at: at(6) },
  { itemId: 'S', from: null, to: 'Review', at: at(7) },
];

describe('partial histories (docs/metrics.md §16)', () => {
  const timelines = new Map(computeItemTimelines({ ...board, transitions }).map((t) => [t.itemId, t]));
  const of = (id: string) => timelines.get(id);

  it('a partial item has no lead time, and a cycle time only from a cycle start after its known instant', () => {
    expect(
      ['P', 'Q', 'R', 'S'].map((id) => [id, of(id)?.completedAt, of(id)?.leadTimeMs, of(id)?.cycleTimeMs]),
    ).toEqual([
      ['P', at(5), null, null],
      ['Q', at(8), null, 4 * DAY],
      ['R', at(6), 4 * DAY, 3 * DAY],
      ['S', null, null, null],
    ]);
  });

  it('counts only the stays that begin at or after the known instant', () => {
    const stays = (id: string) => of(id)?.stays.map((s) => [s.column, s.start, s.end]);
    expect(stays('P')).toEqual([['Done', at(5), null]]);
    expect(stays('Q')).toEqual([
      ['Review', at(3), at(4)],
      ['Doing', at(4), at(8)],
      ['Done', at(8), null],
    ]);
    expect(stays('S')).toEqual([['Review', at(7), null]]);
    expect(stays('R')?.length).toBe(3);
  });

  it('without the marks, the same moves give the lead and cycle times a lost event would fake', () => {
    const unmarked = computeItemTimelines({ ...board, partialHistory: null, transitions });
    expect(unmarked.find((t) => t.itemId === 'P')?.leadTimeMs).toBe(4 * DAY);
  });

  it('every analysis counts the same finished items and the same gaps, and says why', () => {
    const now = at(10);
    const items: BoardItem[] = [
      {
        id: 'S',
        number: 4,
        title: 'S',
        url: null,
        milestone: null,
        labels: [],
        column: 'Review',
        enteredColumnAt: at(7),
      },
    ];
    const flow = buildFlowReport({ ...board, transitions, items, now, days: 30 });
    const lead = buildLeadTimeReport({ ...board, transitions, now, days: 30 });
    const tis = buildTimeInStateReport({ ...board, transitions, items, now, days: 30 });
    const gaps = { finished: 3, without_cycle_start: 1, without_board_entry: 2 };
    expect(flow.throughput.total).toBe(3);
    expect(flow.history_gaps).toEqual(gaps);
    expect(lead.metrics.history_gaps).toEqual(gaps);
    expect(tis.metrics.history_gaps).toEqual(gaps);
    expect(flow.performance_insight.message).toContain(
      'GitHub lost the history of 1 of the 3 items finished, so their cycle times are unknown.',
    );
    expect(lead.metrics.performance_insight.message).toContain(
      'GitHub lost the history of 2 of the 3 items finished, so their lead times are unknown.',
    );
    // S entered Review (after the cycle start) at its known instant: its age is a lower bound.
    expect(flow.aging.items).toMatchObject([{ id: 'S', age_days: 3, age_at_least: true }]);
  });

  it('a partial item whose joining was reconstructed has a lead time from it, and still no cycle time', () => {
    // P's Todo entry on the 1st is its estimated joining (basis added_only): its start stays unknown.
    const joined = { ...board, joinedOnlyItems: new Set(['P']) };
    const t = computeItemTimelines({ ...joined, transitions }).find((x) => x.itemId === 'P');
    expect([t?.leadTimeMs, t?.cycleTimeMs, t?.partialBefore]).toEqual([4 * DAY, null, at(5)]);
    const lead = buildLeadTimeReport({ ...joined, transitions, now: at(10), days: 30 });
    const flow = buildFlowReport({ ...joined, transitions, items: [], now: at(10), days: 30 });
    const gaps = { finished: 3, without_cycle_start: 1, without_board_entry: 1 };
    expect(lead.metrics.history_gaps).toEqual(gaps);
    expect(flow.history_gaps).toEqual(gaps);
    // On the 5th only P has finished: a lead time, and no cycle time (null, not a cycle time of 0 days).
    expect(lead['2026-01-05']).toEqual({ average_lead_time: 4, average_cycle_time: null });
    // Its stays before the known instant stay unknown: the Todo stay is in no time in state.
    expect(t?.stays.map((s) => s.column)).toEqual(['Done']);
  });

  it('Time in State says why stays are missing though every joining was reconstructed', () => {
    // Every partial item's joining is known, so every lead time is; P's stays before the 5th are still lost.
    const joined = { ...board, joinedOnlyItems: new Set(['P', 'Q', 'S']) };
    const tis = buildTimeInStateReport({ ...joined, transitions, items: [], now: at(10), days: 30 });
    expect(tis.metrics.history_gaps).toMatchObject({ without_board_entry: 0, without_cycle_start: 1 });
    expect(tis.metrics.performance_insight.message).toContain(
      'GitHub lost the history of 1 of the 3 items finished, so their earlier stays are unknown.',
    );
  });

  it('with no known start at all, no insight says that nothing finished', () => {
    const lost = transitions.filter((m) => m.itemId === 'P');
    const flow = buildFlowReport({ ...board, transitions: lost, items: [], now: at(10), days: 30 });
    const lead = buildLeadTimeReport({ ...board, transitions: lost, now: at(10), days: 30 });
    expect(flow.throughput.total).toBe(1);
    expect(flow.performance_insight.message).toBe(
      '1 item finished in the last 30 days. GitHub lost the history of the item finished, so no cycle time is known.',
    );
    expect(lead.metrics.performance_insight.message).toBe(
      '1 item finished in the last 30 days. GitHub lost the history of the item finished, so no lead time is known.',
    );
  });
});
