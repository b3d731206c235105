import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendar, dayOfDate } from '../core/calendar.ts';
import { describeFilter, withFilterNote } from '../insights/filter-note.ts';
import type { BoardItem, Transition } from '../types.ts';
import {
  dropItems,
  filterBoard,
  filterItems,
  type ItemFilter,
  itemTypeOf,
  repositoryOf,
} from './item-filter.ts';
import { fromTransitionColumns, toTransitionColumns } from './transitions.ts';

const COLUMNS = ['Backlog', 'Doing', 'Done'];
const LABELS = ['bug', 'ux', 'ops'];
const IDS = ['a', 'b', 'c', 'd', 'e', 'f'];
const URLS = ['https://github.com/o/r/issues/1', 'https://github.com/o/s/pull/2', null];
const T0 = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

const anyItem = (id: string) =>
  fc.record({
    id: fc.constant(id),
    number: fc.constant(1),
    title: fc.constant(id),
    url: fc.constantFrom(...URLS),
    milestone: fc.constantFrom(null, 'm1', 'm2'),
    labels: fc.subarray(LABELS),
    assignees: fc.option(fc.subarray(['ann', 'bob']), { nil: undefined }),
    column: fc.constantFrom(null, ...COLUMNS),
    enteredColumnAt: fc.option(
      fc.integer({ min: 0, max: 100 }).map((h) => T0 + h * HOUR),
      { nil: null },
    ),
  });
const items = fc.subarray(IDS).chain((ids) => fc.tuple(...ids.map(anyItem)));
const moves = fc.array(
  fc.record({
    itemId: fc.constantFrom(...IDS),
    from: fc.constant(null),
    to: fc.constantFrom(null, ...COLUMNS),
    at: fc.integer({ min: 0, max: 100 }).map((h) => T0 + h * HOUR),
  }),
  { maxLength: 20 },
);
const time = fc.integer({ min: 0, max: 100 }).map((h) => T0 + h * HOUR);
const filters: fc.Arbitrary<ItemFilter> = fc.record(
  {
    // Names as a user types them: any case finds the item's (GitHub compares them without case).
    labels: fc.subarray([...LABELS, 'Bug', 'UX']),
    notLabels: fc.subarray([...LABELS, 'OPS']),
    milestones: fc.subarray(['m1', 'M2']),
    types: fc.subarray(['issue', 'pull_request', 'draft'] as const),
    repositories: fc.subarray(['o/r', 'O/S']),
    assignees: fc.subarray(['ann', 'Bob']),
    from: fc.option(time, { nil: null }),
    to: fc.option(time, { nil: null }),
  },
  { requiredKeys: [] },
);

/** docs/metrics.md §13, read literally. */
function reference(
  board: BoardItem[],
  left: BoardItem[],
  rows: Transition[],
  filter: ItemFilter,
  hidden: Set<string>,
) {
  const some = (l?: readonly unknown[]) => (l?.length ?? 0) > 0;
  const content =
    some(filter.labels) ||
    some(filter.notLabels) ||
    some(filter.milestones) ||
    some(filter.types) ||
    some(filter.repositories) ||
    some(filter.assignees);
  const from = filter.from ?? -Infinity;
  const to = filter.to ?? Infinity;
  const among = (list: readonly string[] | undefined, name: string | null) =>
    name !== null && (list ?? []).some((one) => one.toLowerCase() === name.toLowerCase());
  const contentOk = (i: BoardItem) =>
    !hidden.has(i.id) &&
    (!some(filter.labels) || i.labels.some((l) => among(filter.labels, l))) &&
    (!some(filter.notLabels) || !i.labels.some((l) => among(filter.notLabels, l))) &&
    (!some(filter.milestones) || among(filter.milestones, i.milestone)) &&
    (!some(filter.types) || filter.types?.includes(itemTypeOf(i))) &&
    (!some(filter.repositories) || among(filter.repositories, repositoryOf(i))) &&
    (!some(filter.assignees) || (i.assignees ?? []).some((a) => among(filter.assignees, a)));
  const span = (id: string) => {
    const at = rows.filter((r) => r.itemId === id).map((r) => r.at);
    return at.length ? [Math.min(...at), Math.max(...at)] : null;
  };
  const dateOk = (i: BoardItem) => {
    const s = span(i.id) ?? (i.enteredColumnAt === null ? null : [i.enteredColumnAt, i.enteredColumnAt]);
    if (!s) return filter.from == null && filter.to == null;
    const waiting = i.column !== null && i.column !== 'Done';
    return (s[0] as number) < to && ((s[1] as number) >= from || waiting);
  };
  const keep = (i: BoardItem): boolean => (!content || contentOk(i) === true) && dateOk(i);
  const decided = new Map<string, boolean>();
  for (const i of left) decided.set(i.id, keep(i));
  for (const i of board) decided.set(i.id, keep(i));
  const unknownKept = (id: string) => {
    const s = span(id);
    return !content && s !== null && (s[0] as number) < to && (s[1] as number) >= from;
  };
  return {
    items: board.filter(keep).map((i) => i.id),
    rows: rows.filter((r) => decided.get(r.itemId) ?? unknownKept(r.itemId)),
  };
}

describe('filterBoard against the docs', () => {
  it('keeps the items and moves the definition of §13 keeps, from objects and from columns', () => {
    fc.assert(
      fc.property(items, items, moves, filters, fc.subarray(IDS), (board, left, rows, filter, h) => {
        const hidden = new Set(h);
        const options = { doneColumn: 'Done', leftItems: left, hidden };
        const expected = reference(board, left, rows, filter, hidden);
        const objects = filterBoard({ items: board, transitions: rows }, filter, options);
        expect(objects.items.map((i) => i.id)).toEqual(expected.items);
        expect(objects.transitions).toEqual(expected.rows);
        const columns = filterBoard(
          { items: board, transitions: toTransitionColumns(rows) },
          filter,
          options,
        );
        expect(columns.items.map((i) => i.id)).toEqual(expected.items);
        expect(fromTransitionColumns(columns.transitions as never)).toEqual(expected.rows);
        expect(filterItems({ items: board, transitions: rows }, filter, options).map((i) => i.id)).toEqual(
          expected.items,
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('a label and its absence partition the visible items; a hidden item is in neither', () => {
    fc.assert(
      fc.property(items, fc.subarray(LABELS, { minLength: 1 }), fc.subarray(IDS), (board, labels, h) => {
        const options = { doneColumn: 'Done', hidden: new Set(h) };
        const input = { items: board, transitions: [] };
        const any = filterItems(input, { labels }, options).map((i) => i.id);
        const none = filterItems(input, { notLabels: labels }, options).map((i) => i.id);
        expect([...any, ...none].sort()).toEqual(
          board
            .map((i) => i.id)
            .filter((id) => !h.includes(id))
            .sort(),
        );
      }),
    );
  });
});

describe('item type from the URL', () => {
  it('reads the kind before the number: an issue of a repository named "pull" is an issue', () => {
    // `includes('/pull/')` took https://github.com/acme/pull/issues/3 for a pull request.
    const issue = { url: 'https://github.com/acme/pull/issues/3' };
    expect(itemTypeOf(issue)).toBe('issue');
    expect(repositoryOf(issue)).toBe('acme/pull');
    expect(itemTypeOf({ url: 'https://github.com/pull/web/pull/4' })).toBe('pull_request');
    const input = {
      items: [
        {
          id: 'x',
          number: 3,
          title: 'x',
          milestone: null,
          labels: [],
          column: 'Doing',
          enteredColumnAt: 0,
          ...issue,
        },
      ],
      transitions: [],
    };
    expect(filterItems(input, { types: ['issue'] }, { doneColumn: 'Done' })).toHaveLength(1);
  });
});

describe('archived items (include_archived off)', () => {
  it('drops exactly the moves of the ids given, the same from columns, twice in a row (its cache)', () => {
    fc.assert(
      fc.property(moves, fc.subarray([...IDS, 'unknown']), (rows, ids) => {
        const archived = new Set(ids);
        const expected = rows.filter((r) => !archived.has(r.itemId));
        expect(dropItems(rows, archived)).toEqual(expected);
        const columns = toTransitionColumns(rows);
        expect(fromTransitionColumns(dropItems(columns, archived) as never)).toEqual(expected);
        expect(fromTransitionColumns(dropItems(columns, new Set(ids)) as never)).toEqual(expected);
        expect(dropItems(columns, new Set())).toBe(columns);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the filter note on a time zone', () => {
  it("names the board's days of the range: from 7 to 10 January in Paris, Kiritimati and New York", () => {
    // The server turns `from=2026-01-07&to=2026-01-10` into the start of the 7th and of the 11th in the
    // board's zone; the note read them as UTC days (the 6th–10th in Paris, the 7th–11th in New York).
    for (const timeZone of ['Europe/Paris', 'Pacific/Kiritimati', 'America/New_York', 'UTC']) {
      const zone = buildCalendar({ timeZone });
      const filter = {
        from: zone.startOf(dayOfDate('2026-01-07')),
        to: zone.startOf(dayOfDate('2026-01-11')),
      };
      expect(describeFilter(filter, timeZone)).toBe('from 2026-01-07 to 2026-01-10');
      const insight = { severity: 'good' as const, message: 'Fine.', confidence: 0.7 };
      expect(withFilterNote(insight, filter, timeZone).message).toBe(
        'Fine. (Filter on: from 2026-01-07 to 2026-01-10.)',
      );
    }
  });
});
