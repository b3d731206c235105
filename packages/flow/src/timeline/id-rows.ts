/** Rows by item id: what the Flow report reads to join the board's items to the timeline's rows. */
export type RowsById = { get(id: string): number | undefined; readonly size: number };

/**
 * Each id's position in a list of ids (the last one for an id listed twice), as an open-addressing table
 * of rows in an `Int32Array` over the list itself: a first Flow report of a version writes 100,000 ids
 * and looks 100,000 up. A Map grown to that size took about twice the CPU of the table (build and look-ups
 * in a fresh process), and its entries were as many objects for the collector.
 */
export class IdRows implements RowsById {
  #ids: readonly string[];
  /** Written when first read: a Flow report whose items follow the rows' order reads none (flow-report.ts). */
  #table: Int32Array | null = null;
  #mask = 0;
  #count = 0;
  #size = 0;

  constructor(ids: readonly string[]) {
    this.#ids = ids;
  }

  /** How many ids (each once). */
  get size(): number {
    this.#written();
    return this.#size;
  }

  get(id: string): number | undefined {
    const ids = this.#ids;
    const table = this.#written();
    for (let slot = hashOf(id) & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const row = table[slot] as number;
      if (row < 0) return undefined;
      if (ids[row] === id) return row;
    }
  }

  /** The table of `ids`: the ids this one has, in the same order, then more (a kept timeline extended). */
  extendTo(ids: readonly string[]): this {
    this.#ids = ids;
    if (this.#table === null) return this;
    if (ids.length * 2 > this.#table.length) {
      this.#table = emptyTable(ids.length);
      this.#mask = this.#table.length - 1;
      this.#count = 0;
      this.#size = 0;
    }
    this.#add(ids.length);
    return this;
  }

  /** The table, written now if it was not yet. */
  #written(): Int32Array {
    if (this.#table === null) {
      this.#table = emptyTable(this.#ids.length);
      this.#mask = this.#table.length - 1;
      this.#add(this.#ids.length);
    }
    return this.#table;
  }

  /** Writes the rows from the ones written to `end`, a later row of an id taking its slot. */
  #add(end: number): void {
    const ids = this.#ids;
    const table = this.#table as Int32Array;
    for (let row = this.#count; row < end; row++) {
      const id = ids[row] as string;
      let slot = hashOf(id) & this.#mask;
      for (let at = table[slot] as number; at >= 0 && ids[at] !== id; at = table[slot] as number)
        slot = (slot + 1) & this.#mask;
      if ((table[slot] as number) < 0) this.#size++;
      table[slot] = row;
    }
    this.#count = end;
  }
}

/** A table at most half full for `n` ids, every slot empty (-1). */
function emptyTable(n: number): Int32Array {
  let size = 16;
  while (size < n * 2) size *= 2;
  return new Int32Array(size).fill(-1);
}

/** FNV-1a over the id's UTF-16 code units. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
