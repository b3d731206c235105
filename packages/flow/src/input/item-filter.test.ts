import { describe, expect, it } from 'vitest';
import { describeFilter, withFilterNote } from '../insights/filter-note.ts';
import type { BoardItem, Transition } from '../types.ts';
import {
  dropItems,
  filterBoard,
  filterItems,
  itemTypeOf,
  keptItemCount,
  repositoryOf,
} from './item-filter.ts';
import {
  fromTransitionColumns,
  type TransitionColumns,
  TransitionColumnsBuilder,
  toTransitionColumns,
} from './transitions.ts';

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

  it('compares labels, milestones, repositories and assignees without case, as GitHub does', () => {
    const run = (filter: Parameters<typeof filterBoard>[1]) =>
      ids(filterBoard({ items, transitions }, filter, options));
    expect(run({ labels: ['Bug'] })).toEqual(['bug']);
    expect(run({ labels: ['BUG', 'Ux'] })).toEqual(['bug', 'pr']);
    expect(run({ notLabels: ['BUG'] })).toEqual(['pr', 'draft']);
    expect(run({ milestones: ['V1'] })).toEqual(['bug']);
    expect(run({ repositories: ['ACME/Api'] })).toEqual(['pr']);
    expect(run({ assignees: ['Ann'] })).toEqual(['bug']);
    const upper = [item('shout', { labels: ['BUG'] })];
    expect(
      filterItems({ items: upper, transitions: [] }, { labels: ['bug'] }, options).map((i) => i.id),
    ).toEqual(['shout']);
  });

  it("filters an item that left the board by the content it had (an archived card's moves still count)", () => {
    const leftItems = [item('gone', { labels: ['bug'], column: null })];
    const result = filterBoard({ items, transitions }, { labels: ['bug'] }, { ...options, leftItems });
    expect(moved(result)).toEqual(['bug', 'gone']);
    expect(ids(result)).toEqual(['bug']);
  });

  it('counts the items a filter keeps, on the board or by their moves, in both forms of the moves', () => {
    const leftItems = [item('gone', { labels: ['bug'], column: null })];
    const count = (
      filter: Parameters<typeof filterBoard>[1],
      moves: typeof transitions | TransitionColumns,
    ) => keptItemCount(filterBoard({ items, transitions: moves }, filter, { ...options, leftItems }));
    for (const moves of [transitions, toTransitionColumns(transitions)]) {
      expect(count({ labels: ['bug'] }, moves)).toBe(2);
      expect(count({ labels: ['ux'] }, moves)).toBe(1);
      expect(count({ labels: ['nothing-has-it'] }, moves)).toBe(0);
    }
    // An item on the board without a recorded move still counts.
    expect(keptItemCount({ items: [item('new')], transitions: toTransitionColumns(transitions) })).toBe(5);
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

describe('what the filter keeps per loaded board', () => {
  const rows = (t: unknown) => fromTransitionColumns(t as TransitionColumns);

  it('drops the same moves from columns as from objects, and serves a new set of the same ids from its cache', () => {
    const columns = toTransitionColumns(transitions);
    const first = dropItems(columns, new Set(['pr', 'gone']));
    expect(rows(first)).toEqual(dropItems(transitions, new Set(['pr', 'gone'])));
    expect(rows(first).map((t) => t.itemId)).toEqual(['bug', 'draft']);
    expect(dropItems(columns, new Set(['gone', 'pr']))).toBe(first);
    // Other ids, or a newer snapshot of the board, are not answered from it.
    expect(rows(dropItems(columns, new Set(['pr']))).map((t) => t.itemId)).toEqual(['bug', 'draft', 'gone']);
    expect(rows(dropItems(columns, new Set(['pr', 'bug']))).map((t) => t.itemId)).toEqual(['draft', 'gone']);
    const builder = TransitionColumnsBuilder.from(columns);
    builder.append('pr', 'Done', 'Doing', JAN + 12 * DAY);
    builder.append('new', null, 'Doing', JAN + 13 * DAY);
    const newer = dropItems(builder.snapshot(), new Set(['gone', 'pr']));
    expect(rows(newer).map((t) => t.itemId)).toEqual(['bug', 'draft', 'new']);
  });

  it('finds an item of the same list once the board has moved it (the dictionary grew)', () => {
    const builder = new TransitionColumnsBuilder();
    for (const t of transitions) builder.append(t.itemId, t.from, t.to, t.at);
    const list = [...items, item('late', { labels: ['bug'], column: 'Doing' })];
    const byLabel = { labels: ['bug'] };
    const before = filterBoard({ items: list, transitions: builder.snapshot() }, byLabel, options);
    expect(rows(before.transitions).map((t) => t.itemId)).toEqual(['bug']);
    builder.append('late', null, 'Doing', JAN + 4 * DAY);
    const snapshot = builder.snapshot();
    const after = filterBoard({ items: list, transitions: snapshot }, byLabel, options);
    expect(rows(after.transitions).map((t) => t.itemId)).toEqual(['bug', 'late']);
    const range = { from: JAN + 4 * DAY, to: JAN + 5 * DAY };
    expect(ids(filterBoard({ items: list, transitions: snapshot }, range, options))).toEqual([
      'draft',
      'late',
    ]);
    // The same answers as for objects, where nothing is kept between calls.
    const objects = fromTransitionColumns(snapshot);
    expect(rows(after.transitions)).toEqual(
      filterBoard({ items: list, transitions: objects }, byLabel, options).transitions,
    );
    expect(filterBoard({ items: list, transitions: snapshot }, range, options).items).toEqual(
      filterBoard({ items: list, transitions: objects }, range, options).items,
    );
  });

  it('reads whether an item still waits per list and done column, and afresh for another list', () => {
    const columns = toTransitionColumns(transitions);
    const late = { from: JAN + 30 * DAY };
    // 'draft' waits in Doing (before done), so a range after its last move keeps it …
    expect(ids({ items: filterItems({ items, transitions: columns }, late, options) })).toEqual(['draft']);
    // … unless Doing is the done column, for the same list (then the others wait, in Done) …
    const doingDone = { doneColumn: 'Doing' };
    expect(ids({ items: filterItems({ items, transitions: columns }, late, doingDone) })).toEqual([
      'bug',
      'pr',
    ]);
    // … or the list read after it moved to done.
    const moved = items.map((i) => (i.id === 'draft' ? { ...i, column: 'Done' } : i));
    expect(filterItems({ items: moved, transitions: columns }, late, options)).toEqual([]);
    expect(ids({ items: filterItems({ items, transitions: columns }, late, options) })).toEqual(['draft']);
  });
});
