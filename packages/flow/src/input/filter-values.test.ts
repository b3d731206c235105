import { describe, expect, it } from 'vitest';
import type { BoardItem } from '../types.ts';
import { filterValues, MAX_FILTER_VALUES } from './filter-values.ts';

const item = (id: string, extra: Partial<BoardItem> = {}): BoardItem => ({
  id,
  number: 1,
  title: id,
  url: `https://github.com/acme/web/issues/${id}`,
  milestone: null,
  labels: [],
  column: 'Doing',
  enteredColumnAt: 0,
  ...extra,
});

describe('filterValues', () => {
  it('lists each label, milestone, assignee and repository with its item count, most used first', () => {
    const values = filterValues([
      item('1', { labels: ['ux', 'bug'], milestone: 'v1', assignees: ['ann'] }),
      item('2', { labels: ['bug'], milestone: 'v2', assignees: ['ann', 'bob'] }),
      item('3', { labels: ['bug'], milestone: 'v2', url: 'https://github.com/acme/api/pull/3' }),
      item('4', { url: null }),
    ]);
    expect(values.labels).toEqual([
      { name: 'bug', items: 3 },
      { name: 'ux', items: 1 },
    ]);
    expect(values.milestones).toEqual([
      { name: 'v2', items: 2 },
      { name: 'v1', items: 1 },
    ]);
    expect(values.assignees).toEqual([
      { name: 'ann', items: 2 },
      { name: 'bob', items: 1 },
    ]);
    expect(values.repositories).toEqual([
      { name: 'acme/web', items: 2 },
      { name: 'acme/api', items: 1 },
    ]);
  });

  it('makes names that differ only in case one entry, spelt as most items spell it, each item counted once', () => {
    const values = filterValues([
      item('1', { labels: ['Bug'] }),
      item('2', { labels: ['bug'] }),
      item('3', { labels: ['bug', 'BUG'] }),
    ]);
    expect(values.labels).toEqual([{ name: 'bug', items: 3 }]);
  });

  it('suggests nothing of the items the viewer may not see', () => {
    const values = filterValues(
      [
        item('1', { labels: ['secret'], milestone: 'hidden', assignees: ['eve'] }),
        item('2', { labels: ['bug'] }),
      ],
      new Set(['1']),
    );
    expect(values.labels).toEqual([{ name: 'bug', items: 1 }]);
    expect(values.milestones).toEqual([]);
    expect(values.assignees).toEqual([]);
    expect(values.repositories).toEqual([{ name: 'acme/web', items: 1 }]);
  });

  it(`keeps the ${MAX_FILTER_VALUES} most used names of a kind`, () => {
    const many = Array.from({ length: MAX_FILTER_VALUES + 5 }, (_, i) =>
      item(String(i), { labels: [`l${i}`, 'common'] }),
    );
    const { labels } = filterValues(many);
    expect(labels).toHaveLength(MAX_FILTER_VALUES);
    expect(labels[0]).toEqual({ name: 'common', items: MAX_FILTER_VALUES + 5 });
  });
});
