import { describe, expect, it } from 'vitest';
import { COLUMNS, jan, NOW, TRANSITIONS } from '../fixtures/worked-example.fixture.ts';
import { buildFlowReport } from '../reports/flow-report.ts';
import type { BoardItem } from '../types.ts';
import { filterBoard, type ItemFilter } from './item-filter.ts';

/** docs/metrics.md §13, worked example: the board of §2, #1 and #3 labelled `bug`, #4 and #5 gone. */
const labelled = (id: string, labels: string[], column: string | null): BoardItem => ({
  id,
  number: Number(id),
  title: `#${id}`,
  url: `https://github.com/acme/web/issues/${id}`,
  milestone: null,
  labels,
  column,
  enteredColumnAt: null,
});
const onBoard = [labelled('1', ['bug'], 'Done'), labelled('2', [], 'Done'), labelled('3', ['bug'], 'Done')];
const leftItems = [labelled('4', [], null), labelled('5', [], null)];

function run(filter: ItemFilter) {
  const input = filterBoard({ items: onBoard, transitions: TRANSITIONS }, filter, {
    doneColumn: 'Done',
    leftItems,
  });
  const report = buildFlowReport({
    columns: COLUMNS,
    ...input,
    now: NOW,
    days: 10,
    horizon: 7,
    targetItems: 3,
  });
  return {
    done: report.cycle_time.points.map((p) => p.id).sort(),
    throughput: report.throughput.total,
  };
}

describe('filters: the worked example of docs/metrics.md §13', () => {
  it('label=bug keeps #1 and #3; not_label=bug keeps #2 and the archived #5; together the 4 completions', () => {
    expect(run({ labels: ['bug'] })).toEqual({ done: ['1', '3'], throughput: 2 });
    expect(run({ notLabels: ['bug'] })).toEqual({ done: ['2', '5'], throughput: 2 });
    expect(run({}).throughput).toBe(4);
  });

  it('from 7 to 10 January keeps the items with a move on or after the 7th: #1 and #2', () => {
    expect(run({ from: jan(7), to: jan(11) })).toEqual({ done: ['1', '2'], throughput: 2 });
  });
});
