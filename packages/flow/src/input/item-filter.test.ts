import { describe, expect, it } from 'vitest';
import { describeFilter, withFilterNote } from '../insights/filter-note.ts';
import type { BoardItem, Transition } from '../types.ts';
import { filterBoard, filterItems, itemTypeOf, repositoryOf } from './item-filter.ts';
import { TransitionColumnsBuilder, toTransitionColumns } from './transitions.ts';

const DAY = 86_400_000;
const JAN = Date.UTC(2026, 0, 1);
const item = (id: string, extra: Partial<BoardItem> = {}): BoardItem => ({
  id,
  number: 1,
  title: id,
  url: `https://github.com/acme/web/issues/${id.length}`,
  milestone: null,
  labels: [],
  column: 'Done',
  enteredColumnAt: JAN,
  ...extra,
});
const move = (itemId: string, to: string, day: number): Transition => ({
  itemId,
  from: null,
  to,
  at: JAN + day * DAY,
});

const items = [
  item('bug', { labels: ['bug'], milestone: 'v1', assignees: ['ann'] }),
  item('pr', { labels: ['ux'], url: 'https://github.com/acme/api/pull/3' }),
  item('draft', { url: null, column: 'Doing' }),
];
const transitions = [
  move('bug', 'Done', 2),
  move('pr', 'Done', 10),
  move('draft', 'Doing', 1),
  move('gone', 'Done', 3),
];
const options = { doneColumn: 'Done' };
const ids = (result: { items: BoardItem[] }) => result.items.map((i) => i.id);
const moved = (result: { transitions: unknown }) => (result.transitions as Transition[]).map((t) => t.itemId);

describe('filterBoard', () => {
  it('hands the board back as it is without a filter, archived or removed items included', () => {
    const result = filterBoard({ items, transitions }, {}, options);
    expect(result.transitions).toBe(transitions);
    expect(ids(result)).toEqual(['bug', 'pr', 'draft']);
  });

  it('keeps items with any of the labels and none of the excluded ones, with all their moves', () => {
    expect(moved(filterBoard({ items, transitions }, { labels: ['bug', 'ux'] }, options))).toEqual([
      'bug',
      'pr',
    ]);
    const without = filterBoard({ items, transitions }, { notLabels: ['bug'] }, options);
    // An item no longer on the board ('gone') has no stored content: it matches no content filter.
    expect(moved(without)).toEqual(['pr', 'draft']);
  });

  it('filters by milestone, type, repository and assignee', () => {
    const run = (filter: Parameters<typeof filterBoard>[1]) =>
      ids(filterBoard({ items, transitions }, filter, options));
    expect(run({ milestones: ['v1'] })).toEqual(['bug']);
    expect(run({ types: ['pull_request', 'draft'] })).toEqual(['pr', 'draft']);
    expect(run({ repositories: ['acme/api'] })).toEqual(['pr']);
    expect(run({ assignees: ['ann'] })).toEqual(['bug']);
  });

  it("filters an item that left the board by the content it had (an archived card's moves still count)", () => {
    const leftItems = [item('gone', { labels: ['bug'], column: null })];
    const result = filterBoard({ items, transitions }, { labels: ['bug'] }, { ...options, leftItems });
    expect(moved(result)).toEqual(['bug', 'gone']);
    expect(ids(result)).toEqual(['bug']);
  });

  it('filters the items alone as filterBoard does', () => {
    const range = { from: JAN + 5 * DAY, labels: ['ux'] };
    expect(filterItems({ items, transitions }, range, options)).toEqual(
      filterBoard({ items, transitions }, range, options).items,
    );
  });

  it('treats items the viewer may not see as unknown to content filters', () => {
    const hidden = new Set(['bug']);
    expect(ids(filterBoard({ items, transitions }, { notLabels: ['x'] }, { ...options, hidden }))).toEqual([
      'pr',
      'draft',
    ]);
  });

  it('keeps the items on the board during the date range: moved in it, or still waiting before done', () => {
    const range = { from: JAN + 5 * DAY, to: JAN + 20 * DAY };
    expect(moved(filterBoard({ items, transitions }, range, options))).toEqual(['pr', 'draft']);
    expect(moved(filterBoard({ items, transitions }, { to: JAN + 2 * DAY }, options))).toEqual(['draft']);
  });

  it('gives the same rows from columns as from objects, sharing the dictionaries', () => {
    const columns = toTransitionColumns(transitions);
    const result = filterBoard({ items, transitions: columns }, { labels: ['ux'] }, options).transitions;
    if (Array.isArray(result) || !('kind' in result)) throw new Error('expected columns');
    expect(result.count).toBe(1);
    expect(result.itemIds[result.item[0] as number]).toBe('pr');
    expect(result.itemIds).toBe(columns.itemIds);
  });

  it('reads the spans of each loaded snapshot of columns, however often the same board is filtered', () => {
    const builder = new TransitionColumnsBuilder();
    for (const t of transitions) builder.append(t.itemId, t.from, t.to, t.at);
    const before = builder.snapshot();
    const lateRange = { from: JAN + 30 * DAY, to: JAN + 40 * DAY };
    const early = { from: JAN, to: JAN + 3 * DAY };
    expect(filterItems({ items, transitions: before }, lateRange, options).map((i) => i.id)).toEqual([
      'draft',
    ]);
    expect(filterItems({ items, transitions: before }, early, options).map((i) => i.id)).toEqual([
      'bug',
      'draft',
    ]);
    builder.append('bug', 'Done', 'Doing', JAN + 35 * DAY);
    const after = { items, transitions: builder.snapshot() };
    expect(filterItems(after, lateRange, options).map((i) => i.id)).toEqual(['bug', 'draft']);
    expect(ids(filterBoard(after, lateRange, options))).toEqual(['bug', 'draft']);
    expect(filterItems({ items, transitions: before }, lateRange, options).map((i) => i.id)).toEqual([
      'draft',
    ]);
  });
});

describe('item type, repository and the filter note', () => {
  it('reads type and repository from the URL', () => {
    expect(items.map(itemTypeOf)).toEqual(['issue', 'pull_request', 'draft']);
    expect(items.map(repositoryOf)).toEqual(['acme/web', 'acme/api', null]);
  });

  it('says which filter is on in the insight', () => {
    const filter = { labels: ['bug', 'ux'], types: ['pull_request' as const], from: JAN, to: JAN + 31 * DAY };
    expect(describeFilter(filter)).toBe(
      'label "bug" or "ux"; type pull request; from 2026-01-01 to 2026-01-31',
    );
    const insight = { severity: 'good' as const, message: 'Fine.', confidence: 0.7 };
    expect(withFilterNote(insight, filter).message).toBe(
      'Fine. (Filter on: label "bug" or "ux"; type pull request; from 2026-01-01 to 2026-01-31.)',
    );
    expect(withFilterNote(insight, {})).toBe(insight);
  });
});
