import type { BoardItem, Transition } from '../types.ts';
import { isTransitionColumns, type TransitionColumns, type Transitions } from './transitions.ts';

export type ItemType = 'issue' | 'pull_request' | 'draft';

/**
 * Which items an analysis counts (docs/metrics.md, "Filters"). Every part that is set must hold; within
 * a list, any value matches. An empty list or an unset part does not filter.
 */
export type ItemFilter = {
  /** Any of these labels. */
  labels?: readonly string[];
  /** None of these labels. */
  notLabels?: readonly string[];
  milestones?: readonly string[];
  types?: readonly ItemType[];
  /** `owner/name`. */
  repositories?: readonly string[];
  assignees?: readonly string[];
  /** The item was on the board at some time in [from, to) (epoch ms). */
  from?: number | null;
  to?: number | null;
};

export type FilterOptions = {
  /** Items whose content the viewer may not see (by id): their labels, milestone, type … are unknown. */
  hidden?: ReadonlySet<string>;
  doneColumn: string | null;
  /** Items no longer on the board (archived, removed) as they were when they left: their moves still count. */
  leftItems?: readonly BoardItem[];
};

export type FilteredInput = { items: BoardItem[]; transitions: Transitions };

const listed = (list: readonly unknown[] | undefined) => list !== undefined && list.length > 0;

/** Label, milestone, type, repository or assignee: the parts that read an item's content. */
export function filtersContent(filter: ItemFilter): boolean {
  return (
    listed(filter.labels) ||
    listed(filter.notLabels) ||
    listed(filter.milestones) ||
    listed(filter.types) ||
    listed(filter.repositories) ||
    listed(filter.assignees)
  );
}

export function filtersDates(filter: ItemFilter): boolean {
  return (filter.from ?? null) !== null || (filter.to ?? null) !== null;
}

export function isFilterOn(filter: ItemFilter): boolean {
  return filtersContent(filter) || filtersDates(filter);
}

/** From the item's URL: `…/pull/7` a pull request, `…/issues/7` an issue, no URL a draft. */
export function itemTypeOf(item: Pick<BoardItem, 'url'>): ItemType {
  if (item.url === null) return 'draft';
  return item.url.includes('/pull/') ? 'pull_request' : 'issue';
}

/** `owner/name` from `https://github.com/owner/name/issues/7`; null for a draft or another shape. */
export function repositoryOf(item: Pick<BoardItem, 'url'>): string | null {
  const parts = item.url?.split('/') ?? [];
  const [owner, name, kind] = parts.slice(-4);
  return parts.length >= 7 && owner && name && (kind === 'issues' || kind === 'pull')
    ? `${owner}/${name}`
    : null;
}

const anyOf = (wanted: readonly string[] | undefined, values: readonly string[]) =>
  !listed(wanted) || values.some((value) => wanted?.includes(value));

/** Whether the item's content matches every content part of the filter. */
export function matchesContent(item: BoardItem, filter: ItemFilter): boolean {
  return (
    anyOf(filter.labels, item.labels) &&
    !(listed(filter.notLabels) && item.labels.some((label) => filter.notLabels?.includes(label))) &&
    anyOf(filter.milestones, item.milestone === null ? [] : [item.milestone]) &&
    (!listed(filter.types) || anyOf(filter.types, [itemTypeOf(item)])) &&
    (!listed(filter.repositories) || anyOf(filter.repositories, [repositoryOf(item) ?? ''])) &&
    anyOf(filter.assignees, item.assignees ?? [])
  );
}

type Span = { first: number; last: number };

/** First and last move of each item (what the date range reads); undefined for an item without moves. */
type Spans = (id: string) => Span | undefined;

function spansOf(transitions: Transitions): Spans {
  if (isTransitionColumns(transitions)) {
    // Per item code in typed arrays, and one number per item in the map: no object per item.
    const first = new Float64Array(transitions.itemIds.length).fill(Number.POSITIVE_INFINITY);
    const last = new Float64Array(transitions.itemIds.length).fill(Number.NEGATIVE_INFINITY);
    for (let i = 0; i < transitions.count; i++) {
      const code = transitions.item[i] as number;
      const at = transitions.at[i] as number;
      if (at < (first[code] as number)) first[code] = at;
      if (at > (last[code] as number)) last[code] = at;
    }
    const codes = new Map<string, number>();
    transitions.itemIds.forEach((id, code) => {
      if (Number.isFinite(first[code])) codes.set(id, code);
    });
    return (id) => {
      const code = codes.get(id);
      return code === undefined ? undefined : { first: first[code] as number, last: last[code] as number };
    };
  }
  const spans = new Map<string, Span>();
  for (const t of transitions) {
    const span = spans.get(t.itemId);
    if (!span) spans.set(t.itemId, { first: t.at, last: t.at });
    else {
      if (t.at < span.first) span.first = t.at;
      if (t.at > span.last) span.last = t.at;
    }
  }
  return (id) => spans.get(id);
}

/**
 * The items and moves the filter keeps, for every analysis to read instead of the board's. An item is
 * kept or dropped with all its moves. Without any filter on, the input is handed back as it is.
 *
 * Content parts read only what the viewer sees: an item whose content is unknown (neither on the board
 * nor among `leftItems`) or `hidden` matches no content filter. The date range keeps an item whose first
 * move is before `to` and whose last move is at or after `from`, or that still waits in a column before done.
 */
export function filterBoard(
  input: { items: readonly BoardItem[]; transitions: Transitions },
  filter: ItemFilter,
  options: FilterOptions,
): FilteredInput {
  if (!isFilterOn(filter)) return { items: [...input.items], transitions: input.transitions };
  const { items, keep } = decide(input, filter, options);
  return { items, transitions: filterTransitions(input.transitions, keep) };
}

function decide(
  input: { items: readonly BoardItem[]; transitions: Transitions },
  filter: ItemFilter,
  options: FilterOptions,
): { items: BoardItem[]; keep: (id: string) => boolean } {
  const content = filtersContent(filter);
  const contentOk = (item: BoardItem) =>
    !content || (!options.hidden?.has(item.id) && matchesContent(item, filter));
  // Each item is decided once, here; moves are then kept by their item's decision.
  const decided = new Map<string, boolean>();
  if (!filtersDates(filter)) {
    for (const item of options.leftItems ?? []) decided.set(item.id, contentOk(item));
    const items = input.items.filter((item) => {
      const ok = contentOk(item);
      decided.set(item.id, ok);
      return ok;
    });
    return { items, keep: (id) => decided.get(id) === true };
  }
  const spans = spansOf(input.transitions);
  const from = filter.from ?? Number.NEGATIVE_INFINITY;
  const to = filter.to ?? Number.POSITIVE_INFINITY;
  const inRange = (span: Span | undefined, waiting: boolean) =>
    span !== undefined && span.first < to && (span.last >= from || waiting);
  const decideItem = (item: BoardItem) => {
    if (!contentOk(item)) return false;
    const entered = item.enteredColumnAt;
    const span = spans(item.id) ?? (entered === null ? undefined : { first: entered, last: entered });
    return inRange(span, item.column !== null && item.column !== options.doneColumn);
  };
  for (const item of options.leftItems ?? []) decided.set(item.id, decideItem(item));
  const items = input.items.filter((item) => {
    const ok = decideItem(item);
    decided.set(item.id, ok);
    return ok;
  });
  // An item neither on the board nor among leftItems: its content is unknown, its moves are known.
  const keep = (id: string) => decided.get(id) ?? (!content && inRange(spans(id), false));
  return { items, keep };
}

/** The items the filter keeps, when the analysis reads no moves (issues in a column, column stats). */
export function filterItems(
  input: { items: readonly BoardItem[]; transitions: Transitions },
  filter: ItemFilter,
  options: FilterOptions,
): BoardItem[] {
  if (!isFilterOn(filter)) return [...input.items];
  if (!filtersDates(filter)) {
    return input.items.filter((item) => !options.hidden?.has(item.id) && matchesContent(item, filter));
  }
  return decide(input, filter, options).items;
}

/** The moves without those of `ids` (a board setting leaves archived items out: docs/metrics.md §13). */
export function dropItems(transitions: Transitions, ids: ReadonlySet<string>): Transitions {
  if (ids.size === 0) return transitions;
  return filterTransitions(transitions, (id) => !ids.has(id));
}

function filterTransitions(transitions: Transitions, keep: (id: string) => boolean): Transitions {
  if (!isTransitionColumns(transitions)) {
    const kept = new Map<string, boolean>();
    return (transitions as readonly Transition[]).filter((t) => {
      let yes = kept.get(t.itemId);
      if (yes === undefined) {
        yes = keep(t.itemId);
        kept.set(t.itemId, yes);
      }
      return yes;
    });
  }
  return filterColumns(transitions, keep);
}

/** Rows of kept items into new typed arrays; the dictionaries are shared (they may list more than used). */
function filterColumns(source: TransitionColumns, keep: (id: string) => boolean): TransitionColumns {
  const keepCode = new Uint8Array(source.itemIds.length);
  source.itemIds.forEach((id, code) => {
    keepCode[code] = keep(id) ? 1 : 0;
  });
  let count = 0;
  for (let i = 0; i < source.count; i++) count += keepCode[source.item[i] as number] as number;
  const item = new Int32Array(count);
  const at = new Float64Array(count);
  const from = new Int32Array(count);
  const to = new Int32Array(count);
  let row = 0;
  for (let i = 0; i < source.count; i++) {
    if (keepCode[source.item[i] as number] === 0) continue;
    item[row] = source.item[i] as number;
    at[row] = source.at[i] as number;
    from[row] = source.from[i] as number;
    to[row] = source.to[i] as number;
    row++;
  }
  return { kind: 'columns', count, item, at, from, to, itemIds: source.itemIds, names: source.names };
}
