import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentItems } from '../fixtures/current-items.fixture.ts';
import { buildFlowReport } from '../reports/flow-report.ts';
import type { BoardItem, Transition } from '../types.ts';
import { filterBoard, type ItemFilter, type ItemType } from './item-filter.ts';
import { toTransitionColumns, type Transitions } from './transitions.ts';

const COLUMNS = ['Backlog', 'Doing', 'Review', 'Done'];
const HOUR = 3_600_000;
const BASE = Date.UTC(2024, 0, 1);
const LABELS = ['bug', 'ux', 'ops'];
const TYPES: ItemType[] = ['issue', 'pull_request', 'draft'];
const URLS = {
  issue: 'https://github.com/a/b/issues/1',
  pull_request: 'https://github.com/a/b/pull/1',
  draft: null,
};

type Shape = { steps: { gap: number; to: string | null }[]; labels: string[]; type: ItemType };
const anyItem = fc.record({
  steps: fc.array(
    fc.record({ gap: fc.integer({ min: 0, max: 96 }), to: fc.constantFrom<string | null>(...COLUMNS, null) }),
    { minLength: 1, maxLength: 8 },
  ),
  labels: fc.subarray(LABELS),
  type: fc.constantFrom(...TYPES),
});

function board(shapes: Shape[]): { items: BoardItem[]; transitions: Transition[] } {
  const transitions = shapes.flatMap((shape, id) => {
    let at = BASE;
    let from: string | null = null;
    return shape.steps.map(({ gap, to }) => {
      at += gap * HOUR;
      const row = { itemId: `i${id}`, from, to, at };
      from = to;
      return row;
    });
  });
  const items = currentItems(transitions).map((item) => {
    const shape = shapes[Number(item.id.slice(1))] as Shape;
    return { ...item, labels: shape.labels, url: URLS[shape.type] };
  });
  return { items, transitions };
}

/** The counts each Flow figure is made of (not `at_risk`: risk is relative to the set's own percentiles). */
function counts(items: BoardItem[], transitions: Transitions) {
  const report = buildFlowReport({
    columns: COLUMNS,
    cycleStartColumn: 'Doing',
    transitions,
    items,
    now: BASE + 60 * 24 * HOUR,
    days: 60,
    horizon: 10,
    targetItems: 5,
    trials: 50,
  });
  return {
    throughput: report.throughput.total,
    cycleTimes: report.cycle_time.points.length,
    aging: report.aging.items.length,
  };
}

const filtered = (b: ReturnType<typeof board>, filter: ItemFilter) => {
  const f = filterBoard(b, filter, { doneColumn: 'Done' });
  return counts(f.items, f.transitions);
};
const sum = (parts: ReturnType<typeof counts>[]) =>
  parts.reduce((a, b) => ({
    throughput: a.throughput + b.throughput,
    cycleTimes: a.cycleTimes + b.cycleTimes,
    aging: a.aging + b.aging,
  }));
const boards = fc.array(anyItem, { minLength: 1, maxLength: 10 }).map(board);
const anyFilter: fc.Arbitrary<ItemFilter> = fc.record(
  {
    labels: fc.subarray(LABELS),
    notLabels: fc.subarray(LABELS),
    types: fc.subarray(TYPES),
    from: fc.integer({ min: 0, max: 40 }).map((d) => BASE + d * 24 * HOUR),
    to: fc.integer({ min: 1, max: 60 }).map((d) => BASE + d * 24 * HOUR),
  },
  { requiredKeys: [] },
);

describe('filter properties', () => {
  it('every filtered count is at most the unfiltered one', () => {
    fc.assert(
      fc.property(boards, anyFilter, (b, filter) => {
        const all = counts(b.items, b.transitions);
        const some = filtered(b, filter);
        for (const key of Object.keys(all) as (keyof typeof all)[])
          expect(some[key]).toBeLessThanOrEqual(all[key]);
      }),
      { numRuns: 80 },
    );
  });

  it('the filtered parts add up: a label and its absence, and the three types', () => {
    fc.assert(
      fc.property(boards, fc.constantFrom(...LABELS), (b, label) => {
        const all = counts(b.items, b.transitions);
        expect(sum([filtered(b, { labels: [label] }), filtered(b, { notLabels: [label] })])).toEqual(all);
        expect(sum(TYPES.map((type) => filtered(b, { types: [type] })))).toEqual(all);
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same figures from columns as from objects', () => {
    fc.assert(
      fc.property(boards, anyFilter, (b, filter) => {
        const columns = filterBoard({ ...b, transitions: toTransitionColumns(b.transitions) }, filter, {
          doneColumn: 'Done',
        });
        expect(counts(columns.items, columns.transitions)).toEqual(filtered(b, filter));
      }),
      { numRuns: 60 },
    );
  });
});
