import { keepTimelines, timelinesKept } from '../timeline/kept-timeline.ts';
import type { FieldValueChange } from '../metrics/blocked-time.ts';
import type { BoardItem, Transition } from '../types.ts';
import { idCodes, type ItemSpans, itemCodes, itemSpans, type MoveSpans, moveSpans } from './move-spans.ts';
import { isTransitionColumns, rowsOfItems, type TransitionColumns, type Transitions } from './transitions.ts';

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
  /** Any of these issue types (GitHub's organization-wide types: "Bug", "Feature"…); null: no type. */
  issueTypes?: readonly (string | null)[];
  /**
   * Any of these values (without case) of the board's breakdown field, as items have it now: `changes` is
   * the field's recorded history, oldest first (docs/metrics.md, "Breakdown"); null among the values: no value.
   */
  fieldValues?: {
    field: string;
    values: readonly (string | null)[];
    changes: readonly FieldValueChange[];
  } | null;
  /** `owner/name`. */
  repositories?: readonly string[];
  assignees?: readonly string[];
  /** Only these items (by id): an iteration's, resolved from the items' iterations (docs/metrics.md, "Iterations and estimates"). */
  ids?: ReadonlySet<string> | null;
  /** The iteration `ids` are the items of, by title: what the insight's filter note names. */
  iteration?: string | null;
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
    listed(filter.issueTypes) ||
    listed(filter.fieldValues?.values) ||
    listed(filter.repositories) ||
    listed(filter.assignees) ||
    (filter.ids ?? null) !== null
  );
}

export function filtersDates(filter: ItemFilter): boolean {
  return (filter.from ?? null) !== null || (filter.to ?? null) !== null;
}

export function isFilterOn(filter: ItemFilter): boolean {
  return filtersContent(filter) || filtersDates(filter);
}

/**
 * From the item's URL: `…/pull/7` a pull request, `…/issues/7` an issue, no URL a draft. The kind is
 * the segment before the number (as `repositoryOf` reads it): `…/acme/pull/issues/7` is an issue of the
 * repository `acme/pull`.
 */
export function itemTypeOf(item: Pick<BoardItem, 'url'>): ItemType {
  if (item.url === null) return 'draft';
  return item.url.split('/').at(-2) === 'pull' ? 'pull_request' : 'issue';
}

/** `owner/name` from `https://github.com/owner/name/issues/7`; null for a draft or another shape. */
export function repositoryOf(item: Pick<BoardItem, 'url'>): string | null {
  const parts = item.url?.split('/') ?? [];
  const [owner, name, kind] = parts.slice(-4);
  return parts.length >= 7 && owner && name && (kind === 'issues' || kind === 'pull')
    ? `${owner}/${name}`
    : null;
}

/**
 * A list of names as GitHub compares them: without case (`Bug` and `bug` cannot both be labels of a
 * repository; logins, repositories and milestones are found without case on GitHub too).
 */
function namesWithoutCase(values: readonly (string | null)[] | undefined) {
  const names = new Set<string>();
  let none = false;
  for (const value of values ?? []) {
    if (value === null) none = true;
    else names.add(value.toLowerCase());
  }
  // A board has few distinct names: each is folded once, not once per item (100,000 items a request).
  const decided = new Map<string, boolean>();
  // null among the values (issue types, field values): the items without one match.
  const has = (value: string | null): boolean => {
    if (value === null) return none;
    let yes = decided.get(value);
    if (yes === undefined) {
      yes = names.has(value.toLowerCase());
      decided.set(value, yes);
    }
    return yes;
  };
  return { any: names.size > 0 || none, has };
}

/** The content parts of a filter as one test, built once per filter rather than read per item. */
function contentMatcher(filter: ItemFilter): (item: BoardItem) => boolean {
  const labels = namesWithoutCase(filter.labels);
  const notLabels = namesWithoutCase(filter.notLabels);
  const milestones = namesWithoutCase(filter.milestones);
  const types = filter.types ?? [];
  const repositories = namesWithoutCase(filter.repositories);
  const issueTypes = namesWithoutCase(filter.issueTypes);
  const assignees = namesWithoutCase(filter.assignees);
  const checks: ((item: BoardItem) => boolean)[] = [];
  if (labels.any) checks.push((item) => item.labels.some(labels.has));
  if (notLabels.any) checks.push((item) => !item.labels.some(notLabels.has));
  if (milestones.any) checks.push((item) => milestones.has(item.milestone));
  if (types.length > 0) checks.push((item) => types.includes(itemTypeOf(item)));
  if (repositories.any) checks.push((item) => repositories.has(repositoryOf(item)));
  if (issueTypes.any) checks.push((item) => issueTypes.has(item.issueType ?? null));
  if (assignees.any) checks.push((item) => (item.assignees ?? []).some(assignees.has));
  const ids = filter.ids ?? null;
  if (ids !== null) checks.push((item) => ids.has(item.id));
  const withValue = fieldValueMatcher(filter.fieldValues);
  if (withValue !== null) checks.push(withValue);
  if (checks.length === 1) return checks[0] as (item: BoardItem) => boolean;
  return (item) => checks.every((check) => check(item));
}

/**
 * Whether an item's latest recorded value of the field is one of the filter's; an item without any
 * recorded value has none (null: no such filter).
 */
function fieldValueMatcher(filter: ItemFilter['fieldValues']): ((item: BoardItem) => boolean) | null {
  if (!filter || filter.values.length === 0) return null;
  const latest = new Map<string, string | null>();
  for (const change of filter.changes) latest.set(change.itemId, change.value);
  const wanted = namesWithoutCase(filter.values);
  return (item) => wanted.has(latest.get(item.id) ?? null);
}

/** Whether the item's content matches every content part of the filter. */
export function matchesContent(item: BoardItem, filter: ItemFilter): boolean {
  return contentMatcher(filter)(item);
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
  const decide = decider(input.transitions, filter, options);
  const left = options.leftItems ?? [];
  const leftKept = decide(left);
  const kept = decide(input.items);
  const items = input.items.filter((_, index) => kept[index] === 1);
  // Moves of an id neither on the board nor among leftItems: its content is unknown, its moves are known.
  const unknown = !filtersContent(filter);
  const lists: Decided[] = [
    [left, leftKept],
    [input.items, kept],
  ];
  return { items, transitions: keptMoves(input.transitions, lists, unknown, filter) };
}

/**
 * How many items a filtered input holds: those on the board it keeps and those whose moves it keeps (an
 * archived done card a label matches). 0: no item matches the filter, which a page says as such.
 */
export function keptItemCount(input: FilteredInput): number {
  const { items, transitions } = input;
  if (!isTransitionColumns(transitions)) {
    return new Set([...items.map((item) => item.id), ...transitions.map((move) => move.itemId)]).size;
  }
  const seen = new Uint8Array(transitions.itemIds.length);
  let count = 0;
  for (let row = 0; row < transitions.count; row++) {
    const code = transitions.item[row] as number;
    if (seen[code] === 1) continue;
    seen[code] = 1;
    count++;
  }
  for (const code of itemCodes(items, transitions.itemIds)) if (code < 0 || seen[code] === 0) count++;
  return count;
}

/** A list of items and, by position, whether the filter keeps each (1) or not (0). */
type Decided = [readonly BoardItem[], Uint8Array];

/** Decides lists of items (content and date range), by position. */
function decider(transitions: Transitions, filter: ItemFilter, options: FilterOptions) {
  const matches = filtersContent(filter) ? contentMatcher(filter) : null;
  const hidden = options.hidden?.size ? options.hidden : null;
  const dates = filtersDates(filter);
  const inRange = rangeOf(filter);
  let spans: MoveSpans | undefined;
  return (items: readonly BoardItem[]): Uint8Array => {
    const kept = new Uint8Array(items.length);
    spans ??= dates ? moveSpans(transitions) : undefined;
    const span = spans ? itemSpans(items, transitions, spans) : null;
    const waiting = span ? waitingItems(items, options.doneColumn) : null;
    for (let index = 0; index < items.length; index++) {
      if (matches) {
        const item = items[index] as BoardItem;
        if (hidden?.has(item.id) || !matches(item)) continue;
      }
      if (span && !inSpan(items, index, span, waiting?.[index] === 1)) continue;
      kept[index] = 1;
    }
    return kept;
  };

  function inSpan(items: readonly BoardItem[], index: number, span: ItemSpans, waiting: boolean): boolean {
    const first = span.first[index] as number;
    if (!Number.isNaN(first)) return inRange(first, span.last[index] as number, waiting);
    const entered = (items[index] as BoardItem).enteredColumnAt;
    return entered !== null && inRange(entered, entered, waiting);
  }
}

/**
 * Whether each item of a list still waits in a column before done, by position: kept per list (a board
 * version's items are filtered request after request), so a date range reads typed arrays, not items.
 */
const waitingMemo = new WeakMap<readonly BoardItem[], Map<string | null, Uint8Array>>();

function waitingItems(items: readonly BoardItem[], doneColumn: string | null): Uint8Array {
  let byDone = waitingMemo.get(items);
  if (!byDone) {
    byDone = new Map();
    waitingMemo.set(items, byDone);
  }
  let waiting = byDone.get(doneColumn);
  if (!waiting || waiting.length !== items.length) {
    waiting = Uint8Array.from(items, (item) => (item.column !== null && item.column !== doneColumn ? 1 : 0));
    byDone.set(doneColumn, waiting);
  }
  return waiting;
}

/** Whether a span of moves [start, end] (or an item still waiting) touches the filter's date range. */
function rangeOf(filter: ItemFilter) {
  const from = filter.from ?? Number.NEGATIVE_INFINITY;
  const to = filter.to ?? Number.POSITIVE_INFINITY;
  return (start: number, end: number, waiting: boolean) => start < to && (end >= from || waiting);
}

/** The items the filter keeps, when the analysis reads no moves (issues in a column, column stats). */
export function filterItems(
  input: { items: readonly BoardItem[]; transitions: Transitions },
  filter: ItemFilter,
  options: FilterOptions,
): BoardItem[] {
  if (!isFilterOn(filter)) return [...input.items];
  const kept = decider(input.transitions, filter, options)(input.items);
  return input.items.filter((_, index) => kept[index] === 1);
}

/**
 * The moves of the decided items (later lists decide an id again), and of the other ids when `unknown`
 * and their moves touch the date range.
 */
function keptMoves(
  transitions: Transitions,
  lists: Decided[],
  unknown: boolean,
  filter: ItemFilter,
): Transitions {
  const inRange = rangeOf(filter);
  const spans = unknown ? moveSpans(transitions) : null;
  const movedInRange = (code: number | undefined) =>
    spans !== null &&
    code !== undefined &&
    inRange(spans.first[code] as number, spans.last[code] as number, false);
  if (!isTransitionColumns(transitions)) {
    const decided = new Map<string, boolean>();
    for (const [items, kept] of lists)
      items.forEach((item, index) => {
        decided.set(item.id, kept[index] === 1);
      });
    return filterObjects(transitions, (id) => decided.get(id) ?? movedInRange(spans?.codes.get(id)));
  }
  const keep = new Uint8Array(transitions.itemIds.length);
  if (spans) for (let code = 0; code < keep.length; code++) keep[code] = movedInRange(code) ? 1 : 0;
  for (const [items, kept] of lists) {
    const codes = itemCodes(items, transitions.itemIds);
    for (let index = 0; index < items.length; index++) {
      const code = codes[index] as number;
      if (code >= 0) keep[code] = kept[index] as number;
    }
  }
  return rowsOfItems(transitions, keep);
}

/**
 * The moves without those of `ids` (a board setting leaves archived items out: docs/metrics.md §13).
 * The same columns and the same ids (a new set each request, read from the database) give the same
 * result, kept per columns: the moves are copied once per loaded snapshot, not per request.
 */
export function dropItems(transitions: Transitions, ids: ReadonlySet<string>): Transitions {
  if (ids.size === 0) return transitions;
  if (!isTransitionColumns(transitions)) return filterObjects(transitions, (id) => !ids.has(id));
  const last = dropped.get(transitions);
  if (last && sameIds(last.ids, ids)) return last.result;
  const keep = new Uint8Array(transitions.itemIds.length).fill(1);
  const codes = idCodes(transitions.itemIds);
  for (const id of ids) {
    const code = codes.get(id);
    if (code !== undefined) keep[code] = 0;
  }
  const result = rowsOfItems(transitions, keep);
  // Kept as long as its source: a loaded board's version without its archived items, read by many analyses.
  if (timelinesKept(transitions)) keepTimelines(result);
  dropped.set(transitions, { ids: new Set(ids), result });
  return result;
}

const dropped = new WeakMap<TransitionColumns, { ids: ReadonlySet<string>; result: TransitionColumns }>();

function sameIds(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of b) if (!a.has(id)) return false;
  return true;
}

function filterObjects(transitions: readonly Transition[], keep: (id: string) => boolean): Transition[] {
  const kept = new Map<string, boolean>();
  return transitions.filter((t) => {
    let yes = kept.get(t.itemId);
    if (yes === undefined) {
      yes = keep(t.itemId);
      kept.set(t.itemId, yes);
    }
    return yes;
  });
}
