import type { BoardItem } from '@fluxion/flow';

/**
 * A read-only set of ids whose table is made when first needed (`has` may answer without it): a viewer's
 * hidden ids on a big board are counted on every view, but looked up only when the board has blocked
 * labels, field values or dependencies to filter (issue 38: 100,000 ids were a 2.6 MB table, and as much
 * again in the tables it outgrew, on the cold Flow report's peak).
 */
class LazyIds implements ReadonlySet<string> {
  readonly size: number;
  #make: (() => Set<string>) | null;
  #ids: Set<string> | null = null;
  readonly #lookup: ((id: string) => boolean) | null;

  constructor(size: number, make: () => Set<string>, lookup: ((id: string) => boolean) | null = null) {
    this.size = size;
    this.#make = make;
    this.#lookup = lookup;
  }

  get #set(): Set<string> {
    if (!this.#ids) {
      this.#ids = (this.#make as () => Set<string>)();
      this.#make = null;
    }
    return this.#ids;
  }

  has(id: string): boolean {
    return this.#lookup && !this.#ids ? this.#lookup(id) : this.#set.has(id);
  }

  forEach(callback: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const id of this.#set) callback.call(thisArg, id, id, this);
  }

  entries(): SetIterator<[string, string]> {
    return this.#set.entries();
  }

  keys(): SetIterator<string> {
    return this.#set.keys();
  }

  values(): SetIterator<string> {
    return this.#set.values();
  }

  [Symbol.iterator](): SetIterator<string> {
    return this.#set.values();
  }
}

const NONE: ReadonlySet<string> = new Set();

/** The ids of the items whose viewed form is not the item itself (`viewed[i]` for `items[i]`), `count` of them. */
export function privateIds(
  items: readonly BoardItem[],
  viewed: readonly BoardItem[],
  count: number,
): ReadonlySet<string> {
  if (count === 0) return NONE;
  return new LazyIds(count, () => {
    const ids = new Set<string>();
    for (let i = 0; i < items.length; i++) if (viewed[i] !== items[i]) ids.add((items[i] as BoardItem).id);
    return ids;
  });
}

/** The ids of `a` and of `b`, two sets without an id in common (the items on a board, those that left it). */
export function eitherIds(a: ReadonlySet<string>, b: ReadonlySet<string>): ReadonlySet<string> {
  if (b.size === 0) return a;
  if (a.size === 0) return b;
  return new LazyIds(
    a.size + b.size,
    () => new Set([...a, ...b]),
    (id) => a.has(id) || b.has(id),
  );
}

/** `ids`, every one of them (the items of a list all hidden from a viewer). */
export function everyId(ids: readonly string[]): ReadonlySet<string> {
  if (ids.length === 0) return NONE;
  return new LazyIds(ids.length, () => new Set(ids));
}
