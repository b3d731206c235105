import { createHash } from 'node:crypto';
import { PRIVATE_ITEM_TITLE } from '@fluxion/contract/constants';
import { type BoardItem, type BoardItems, type ContentlessItems, isContentless } from '@fluxion/flow';
import { type ItemList, itemsOf, type SnapshotItems } from '../move-log/item-snapshots.ts';
import { everyId, privateIds } from './hidden-ids.ts';

export { PRIVATE_ITEM_TITLE };

/** How a message names an item whose content a reader may not see ("A private item"). */
export const PRIVATE_ITEM_NAME = `A ${PRIVATE_ITEM_TITLE.toLowerCase()}`;

/** Any named thing (an item, a digest's line) stripped of its content: the same words as a hidden item's. */
export const withoutContent = <T extends { title: string; number: number | null; url: string | null }>(
  item: T,
): T => ({ ...item, title: PRIVATE_ITEM_TITLE, number: null, url: null });

/**
 * What one viewer may see of one board's items: every item, or the items whose repository is among
 * `readable`. `key` names it in cache keys: viewers who see the same items share cached results ('' when
 * they see every item).
 */
export type Visibility = { key: string; readable: ReadonlySet<string> | 'all' };

export const SEES_EVERYTHING: Visibility = { key: '', readable: 'all' };

/**
 * The repository (`owner/name`) an item's content lives in, from its URL (`…/owner/name/issues/7` or
 * `…/pull/7`, on github.com and GitHub Enterprise alike); null for an item without URL (a draft, whose
 * content belongs to the board, or an item whose content was never read). An URL of another shape
 * yields `'?'`, a repository nobody is found to read: the item stays private.
 */
export function itemRepository(url: string | null): string | null {
  if (url === null) return null;
  // String work, not `new URL`: a board has up to 100,000 items, read again after each change.
  const parts = url.split('/');
  const [scheme, empty] = parts;
  const [owner, name, kind, number] = parts.slice(-4);
  const wellFormed =
    parts.length >= 7 &&
    scheme?.endsWith(':') &&
    empty === '' &&
    (kind === 'issues' || kind === 'pull') &&
    /^\d+$/.test(number ?? '');
  return wellFormed && owner && name ? interned(`${owner}/${name}`) : '?';
}

/**
 * One string per repository: a board's 100,000 items name a handful, and each item's is kept (below),
 * so without this a big board held 100,000 copies of the same few names (~2.4 MB).
 */
const repositoryNames = new Map<string, string>();
const REPOSITORY_NAMES_KEPT = 10_000;

function interned(repository: string): string {
  const known = repositoryNames.get(repository);
  if (known !== undefined) return known;
  if (repositoryNames.size >= REPOSITORY_NAMES_KEPT) repositoryNames.clear();
  repositoryNames.set(repository, repository);
  return repository;
}

/**
 * Each item's repository, and the repositories each once, per loaded items (the board store hands out
 * one list per board version): a list beside the items, not an entry per item object (a WeakMap of
 * 100,000 items took 4 MB). A version's items are read again after each change, so the list is quick
 * to make: an URL with the previous item's prefix (`…/owner/name/issues/`) and a number after it has
 * that item's repository (a snapshot's columns give those runs as they are read: `byUrl`).
 */
type Repositories = { each: readonly (string | null)[]; distinct: readonly string[] };
const repositoryLists = new WeakMap<ItemList, Repositories>();

function repositoriesOfItems(items: ItemList): Repositories {
  let list = repositoryLists.get(items);
  if (!list) {
    const distinct = new Set<string>();
    const each = Array.isArray(items)
      ? repositoryList(items, distinct)
      : items.byUrl((url) => distinctly(itemRepository(url) as string, distinct), null);
    list = { each, distinct: [...distinct] };
    repositoryLists.set(items, list);
  }
  return list;
}

const distinctly = (repository: string, distinct: Set<string>) => {
  distinct.add(repository);
  return repository;
};

function repositoryList(items: readonly BoardItem[], distinct: Set<string>): (string | null)[] {
  const list = new Array<string | null>(items.length);
  let prefix = '';
  let known: string | null = null;
  for (let i = 0; i < items.length; i++) {
    const url = (items[i] as BoardItem).url;
    if (url === null) {
      list[i] = null;
      continue;
    }
    const cut = url.lastIndexOf('/') + 1;
    if (cut !== prefix.length || prefix === '' || !isNumber(url, cut) || !url.startsWith(prefix)) {
      known = distinctly(itemRepository(url) as string, distinct);
      prefix = known === '?' ? '' : url.slice(0, cut);
    }
    list[i] = known;
  }
  return list;
}

/** Whether `text` from `start` on is one or more digits. */
function isNumber(text: string, start: number): boolean {
  if (start >= text.length) return false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The repositories of a board's items, each once. */
export function repositoriesOf(items: ItemList): string[] {
  return [...repositoriesOfItems(items).distinct];
}

/** A viewer's visibility from the board's repositories and those GitHub says the viewer may read. */
export function visibilityOf(repositories: readonly string[], readable: ReadonlySet<string>): Visibility {
  const hidden = repositories.filter((repository) => !readable.has(repository)).sort();
  if (hidden.length === 0) return SEES_EVERYTHING;
  const key = createHash('sha256').update(hidden.join('\n')).digest('base64url').slice(0, 22);
  return { key: `hides:${key}`, readable };
}

/**
 * A viewer's items, and the ids of those whose content is hidden from them (what a filter must not read).
 * The items are columns when the viewer may read none of them (`ContentlessItems`).
 */
export type RedactedItems = { items: BoardItems; hidden: ReadonlySet<string> };

const NONE_HIDDEN: ReadonlySet<string> = new Set();

/**
 * The items as `visibility` lets its viewer see them: an item of a repository the viewer may not read
 * keeps its id, column and times (counts and ages stay true, as in GitHub's own Insights) and loses
 * everything else: title, URL, number, labels, milestone. Its id is among `hidden`.
 *
 * `previous`: the same viewer's view of the board's previous items (`source`, the items it was made
 * from): an item object found there keeps its private form (below).
 */
export function redactForViewer(
  items: ItemList,
  visibility: Visibility,
  previous?: { source: ItemList; view: RedactedItems } | null,
): RedactedItems {
  const { readable } = visibility;
  if (readable === 'all') return { items: itemsOf(items), hidden: NONE_HIDDEN };
  if (!showsContent(items, visibility)) return onlyPrivate(items as SnapshotItems);
  const repositories = repositoriesOfItems(items).each;
  const all = itemsOf(items);
  const source = previous && (Array.isArray(previous.source) ? previous.source : previous.source.made());
  const forms = previous?.view.items;
  // An earlier view of columns made no forms to keep.
  const earlier = source && forms && !isContentless(forms) ? privateFormsOf(source, forms) : null;
  const viewed = new Array<BoardItem>(all.length);
  let hiddenCount = 0;
  for (let i = 0; i < all.length; i++) {
    const item = all[i] as BoardItem;
    const repository = repositories[i] as string | null;
    if (repository === null || readable.has(repository)) {
      viewed[i] = item;
      continue;
    }
    hiddenCount++;
    viewed[i] = earlier?.(item) ?? privateForm(item.id, item.column, item.enteredColumnAt);
  }
  return { items: viewed, hidden: privateIds(all, viewed, hiddenCount) };
}

/**
 * Whether the view of `items` for `visibility` is made from the items themselves: a snapshot's items of
 * which the viewer may read none (and not made yet) are shown from their columns alone (`onlyPrivate`),
 * so that a snapshot's titles and URLs kept apart are not read for them (`SnapshotItems.readTexts`).
 */
export function showsContent(items: ItemList, visibility: Visibility): boolean {
  const { readable } = visibility;
  if (readable === 'all' || Array.isArray(items) || items.made()) return true;
  const { each: repositories, distinct } = repositoriesOfItems(items);
  return repositories.includes(null) || distinct.some((r) => readable.has(r));
}

/**
 * A snapshot's items none of which the viewer may read: their columns, each item's private form made only
 * when something asks for it (the Flow report: for the items its answer lists), the items themselves not
 * made (nor their titles and URLs). On a 100,000-item board, 100,000 forms made at once were ~11 MB that
 * outlived the cold Flow request's first scavenge, and a second one promoted them onto fresh pages
 * (docs/performance.md, "No private form but those an answer lists").
 */
function onlyPrivate(items: SnapshotItems): RedactedItems {
  return { items: new PrivateColumns(items), hidden: everyId(items.ids) };
}

class PrivateColumns implements ContentlessItems {
  readonly length: number;
  readonly ids: readonly string[];
  readonly columns: readonly (string | null)[];
  readonly entered: Float64Array;
  #all: BoardItem[] | null = null;

  constructor({ length, ids, columns, entered }: SnapshotItems) {
    this.length = length;
    this.ids = ids;
    this.columns = columns;
    this.entered = entered;
  }

  at(position: number): BoardItem {
    const at = this.entered[position] as number;
    const column = this.columns[position] as string | null;
    return privateForm(this.ids[position] as string, column, Number.isNaN(at) ? null : at);
  }

  all(): BoardItem[] {
    this.#all ??= Array.from({ length: this.length }, (_, i) => this.at(i));
    return this.#all;
  }
}

/**
 * Each item's private form is made once per item object: a board version's items keep the objects of
 * those unchanged (move-log/items.ts: in place, in the same order; new ones after, removed ones gone),
 * so a viewer who may read none of a 100,000-item board's repositories does not get 100,000 new objects
 * after every recorded change (~20 MB that lived a version, then waited for a full collection). The
 * earlier view's forms are found by walking both lists in step (no table by item: a WeakMap of
 * 100,000 item objects was a seventh of the cold Flow request's CPU); an item not at the step's place
 * is looked for a few places ahead (items removed), else it has no earlier form (a new or changed item).
 */
function privateFormsOf(
  source: readonly BoardItem[],
  forms: readonly BoardItem[],
): (item: BoardItem) => BoardItem | undefined {
  let next = 0;
  return (item) => {
    const end = Math.min(source.length, next + LOOK_AHEAD);
    for (let j = next; j < end; j++) {
      if (source[j] !== item) continue;
      next = j + 1;
      const form = forms[j] as BoardItem;
      return form === item ? undefined : form;
    }
    return undefined;
  };
}

/** How far ahead an earlier view's item is looked for (items removed between two versions, in a row). */
const LOOK_AHEAD = 64;

/** Private forms share one empty list of labels (100,000 of them on a board nobody may read: 3 MB). */
const NO_LABELS: readonly string[] = Object.freeze([]);

function privateForm(id: string, column: string | null, enteredColumnAt: number | null): BoardItem {
  return {
    id,
    number: null,
    title: PRIVATE_ITEM_TITLE,
    url: null,
    milestone: null,
    labels: NO_LABELS,
    column,
    enteredColumnAt,
  };
}
