import type { BoardItem, Transition } from '../types.ts';
import { itemSpans, type MoveSpans, moveSpans } from './move-spans.ts';
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
  const { decideItems, movedInRange } = dateDecider(input.transitions, filter, options, contentOk);
  const record = (all: readonly BoardItem[], kept: readonly BoardItem[]) => {
    const keptSet = new Set(kept);
    for (const item of all) decided.set(item.id, keptSet.has(item));
  };
  const left = options.leftItems ?? [];
  record(left, decideItems(left));
  const items = decideItems(input.items);
  record(input.items, items);
  // An item neither on the board nor among leftItems: its content is unknown, its moves are known.
  const keep = (id: string) => decided.get(id) ?? (!content && movedInRange(id));
  return { items, keep };
}

/** The items (content and date range) and the moves of an id alone (date range) the filter keeps. */
function dateDecider(
  transitions: Transitions,
  filter: ItemFilter,
  options: FilterOptions,
  contentOk: (item: BoardItem) => boolean,
) {
  const from = filter.from ?? Number.NEGATIVE_INFINITY;
  const to = filter.to ?? Number.POSITIVE_INFINITY;
  const inRange = (start: number, end: number, waiting: boolean) => start < to && (end >= from || waiting);
  let spans: MoveSpans | undefined;
  const allSpans = () => {
    spans ??= moveSpans(transitions);
    return spans;
  };
  const movedInRange = (id: string) => {
    const { codes, first, last } = allSpans();
    const code = codes.get(id);
    return code !== undefined && inRange(first[code] as number, last[code] as number, false);
  };
  const decideItems = (items: readonly BoardItem[]) => {
    const { first, last } = itemSpans(items, transitions, allSpans);
    return items.filter((item, index) => {
      if (!contentOk(item)) return false;
      const waiting = item.column !== null && item.column !== options.doneColumn;
      const start = first[index] as number;
      if (!Number.isNaN(start)) return inRange(start, last[index] as number, waiting);
      const entered = item.enteredColumnAt;
      return entered !== null && inRange(entered, entered, waiting);
    });
  };
  return { decideItems, movedInRange };
}

/** The items the filter keeps, when the analysis reads no moves (issues in a column, column stats). */
export function filterItems(
  input: { items: readonly BoardItem[]; transitions: Transitions },
  filter: ItemFilter,
  options: FilterOptions,
): BoardItem[] {
  if (!isFilterOn(filter)) return [...input.items];
  const contentOk = (item: BoardItem) =>
    !filtersContent(filter) || (!options.hidden?.has(item.id) && matchesContent(item, filter));
  if (!filtersDates(filter)) return input.items.filter(contentOk);
  return dateDecider(input.transitions, filter, options, contentOk).decideItems(input.items);
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
