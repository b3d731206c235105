import type { Transition } from '../types.ts';

/**
 * Transitions held column by column: row i is the move of `itemIds[item[i]]` from `names[from[i]]` to
 * `names[to[i]]` (code -1 = null) at `at[i]`. A million moves are five typed arrays and two small string
 * lists instead of a million objects, and the engine reads them without converting (see
 * docs/performance.md). Only rows 0 … count-1 count; `itemIds` and `names` may list more than the rows
 * use (a builder shares them with later snapshots, which only ever append to them).
 */
export type TransitionColumns = {
  readonly kind: 'columns';
  readonly count: number;
  readonly item: Int32Array;
  readonly at: Float64Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly itemIds: readonly string[];
  readonly names: readonly string[];
};

/** What the engine accepts as moves: objects (CLI, tests) or columns (the server's loaded boards). */
export type Transitions = readonly Transition[] | TransitionColumns;

export const NULL_NAME = -1;

export function isTransitionColumns(input: Transitions): input is TransitionColumns {
  return !Array.isArray(input) && (input as TransitionColumns).kind === 'columns';
}

export function transitionCount(input: Transitions): number {
  return isTransitionColumns(input) ? input.count : input.length;
}

/**
 * Rows already coded against a builder's dictionaries, with the dictionary entries they introduce:
 * item ids get codes `itemStart`, `itemStart + 1`, … and column names `nameStart`, … in list order.
 * A board stored as a chain of these (see the server's segments) is rebuilt without decoding a string
 * per row.
 */
export type CodedRows = {
  readonly count: number;
  readonly item: Int32Array;
  readonly at: Float64Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly itemStart: number;
  readonly newItemIds: readonly string[];
  readonly nameStart: number;
  readonly newNames: readonly string[];
};

/** How many ids a continuing builder compares in all before it indexes them (see `indexed`). */
const SCANNED_IDS = 3_000_000;

/** Arrays with room for more rows than a columns object holds (see `TransitionColumnsBuilder.from`). */
export type ColumnsRoom = {
  readonly item: Int32Array;
  readonly at: Float64Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
};

/** Whether `room` has room past `columns`' rows, which are its first rows (the same memory). */
function holds(room: ColumnsRoom, columns: TransitionColumns): boolean {
  const n = columns.count;
  const same = (a: Int32Array | Float64Array, b: Int32Array | Float64Array) =>
    a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.length > n;
  return (
    same(room.item, columns.item) &&
    same(room.at, columns.at) &&
    same(room.from, columns.from) &&
    same(room.to, columns.to)
  );
}

/** Where a builder stood: its row count and dictionary sizes. */
export type BuilderMark = { readonly count: number; readonly items: number; readonly names: number };

/**
 * Appends rows into growing typed arrays. `snapshot()` returns the rows so far; appending later never
 * changes a snapshot (rows go past its count, and growing copies into new arrays), so one builder can
 * keep a loaded board up to date while earlier snapshots are still in use.
 */
export class TransitionColumnsBuilder {
  private item: Int32Array;
  private at: Float64Array;
  private from: Int32Array;
  private to: Int32Array;
  private itemIds: string[] = [];
  private readonly names: string[] = [];
  // Null-prototype objects, not Maps: with the fresh strings a driver returns for every row, V8 looks
  // them up about twice as fast (0.3 vs 0.6 s for a million item ids, measured).
  private readonly itemIndex: Record<string, number> = Object.create(null);
  /**
   * Whether `itemIndex` holds every item id. A builder continuing a loaded board's columns (`from`)
   * starts without it: a refresh after a recorded move looks up an id or two, and the index of a
   * 100,000-item board costs ~7 MB and 60–130 ms to build; ids are searched in the list instead until
   * `scansLeft` runs out, then indexed.
   */
  private indexed = true;
  private scansLeft = 0;
  private readonly nameIndex: Record<string, number> = Object.create(null);
  private lastItem: string | undefined;
  private lastItemCode = 0;
  /** The last snapshot given out (or the columns this builder continues): the next one extends it. */
  private latest: TransitionColumns | undefined;
  count = 0;

  constructor(capacity = 1024) {
    const n = Math.max(16, capacity);
    this.item = new Int32Array(n);
    this.at = new Float64Array(n);
    this.from = new Int32Array(n);
    this.to = new Int32Array(n);
  }

  /**
   * A builder continuing `columns` (copies its arrays, not per row). `room`: arrays whose first rows are
   * `columns`' own (the same memory) and whose rows past them nobody reads nor writes, such as a stored
   * snapshot's spare rows: the builder appends into them, and copies nothing until they are full. The
   * caller hands a room to one builder only.
   */
  static from(columns: TransitionColumns, extra = 1024, room?: ColumnsRoom): TransitionColumnsBuilder {
    const n = columns.count;
    if (room && holds(room, columns)) {
      const b = new TransitionColumnsBuilder(0);
      b.item = room.item;
      b.at = room.at;
      b.from = room.from;
      b.to = room.to;
      return b.continuing(columns);
    }
    const b = new TransitionColumnsBuilder(n + extra);
    b.item.set(columns.item.subarray(0, n));
    b.at.set(columns.at.subarray(0, n));
    b.from.set(columns.from.subarray(0, n));
    b.to.set(columns.to.subarray(0, n));
    return b.continuing(columns);
  }

  /** This builder, its first rows `columns`' (already in its arrays), with their dictionaries. */
  private continuing(columns: TransitionColumns): TransitionColumnsBuilder {
    this.itemIds = columns.itemIds.slice();
    this.indexed = false;
    this.scansLeft = Math.ceil(SCANNED_IDS / Math.max(1, this.itemIds.length));
    for (const name of columns.names) this.nameCode(name);
    this.count = columns.count;
    this.latest = columns;
    return this;
  }

  private itemCode(id: string): number {
    if (id === this.lastItem) return this.lastItemCode;
    let code = this.indexed || this.scansLeft-- <= 0 ? this.index()[id] : this.itemIds.lastIndexOf(id);
    if (code === undefined || code < 0) {
      code = this.itemIds.push(id) - 1;
      if (this.indexed) this.itemIndex[id] = code;
    }
    this.lastItem = id;
    this.lastItemCode = code;
    return code;
  }

  /** The index of every item id (built now if it was left out). */
  private index(): Record<string, number> {
    if (!this.indexed) {
      const ids = this.itemIds;
      for (let code = 0; code < ids.length; code++) this.itemIndex[ids[code] as string] = code;
      this.indexed = true;
    }
    return this.itemIndex;
  }

  private nameCode(name: string | null): number {
    if (name === null) return NULL_NAME;
    let code = this.nameIndex[name];
    if (code === undefined) {
      code = this.names.push(name) - 1;
      this.nameIndex[name] = code;
    }
    return code;
  }

  private grow(): void {
    const n = Math.ceil(this.item.length * 1.5) + 16;
    const copy = <T extends Int32Array | Float64Array>(old: T, next: T): T => {
      next.set(old.subarray(0, this.count));
      return next;
    };
    this.item = copy(this.item, new Int32Array(n));
    this.at = copy(this.at, new Float64Array(n));
    this.from = copy(this.from, new Int32Array(n));
    this.to = copy(this.to, new Int32Array(n));
  }

  append(itemId: string, from: string | null, to: string | null, at: number): void {
    if (this.count === this.item.length) this.grow();
    const i = this.count++;
    this.item[i] = this.itemCode(itemId);
    this.from[i] = this.nameCode(from);
    this.to[i] = this.nameCode(to);
    this.at[i] = at;
  }

  mark(): BuilderMark {
    return { count: this.count, items: this.itemIds.length, names: this.names.length };
  }

  /** The rows and dictionary entries added since `mark`, as copies (they outlive later growth). */
  codedSince(mark: BuilderMark): CodedRows {
    return {
      count: this.count - mark.count,
      item: this.item.slice(mark.count, this.count),
      at: this.at.slice(mark.count, this.count),
      from: this.from.slice(mark.count, this.count),
      to: this.to.slice(mark.count, this.count),
      itemStart: mark.items,
      newItemIds: this.itemIds.slice(mark.items),
      nameStart: mark.names,
      newNames: this.names.slice(mark.names),
    };
  }

  /**
   * Appends coded rows that continue this builder's dictionaries exactly. Throws, leaving the builder
   * as it was, when they do not (a gap or an overlap in the chain) or a code is out of range.
   */
  appendCoded(rows: CodedRows): void {
    if (rows.itemStart !== this.itemIds.length || rows.nameStart !== this.names.length) {
      throw new Error(
        `coded rows continue dictionaries at ${rows.itemStart}/${rows.nameStart}, builder is at ${this.itemIds.length}/${this.names.length}`,
      );
    }
    checkCodes(rows.item, rows.count, 0, rows.itemStart + rows.newItemIds.length, 'item');
    checkCodes(rows.from, rows.count, NULL_NAME, rows.nameStart + rows.newNames.length, 'from');
    checkCodes(rows.to, rows.count, NULL_NAME, rows.nameStart + rows.newNames.length, 'to');
    addNew(rows.newItemIds, this.itemIds, this.index(), 'item id');
    try {
      addNew(rows.newNames, this.names, this.nameIndex, 'column name');
    } catch (error) {
      dropFrom(rows.itemStart, this.itemIds, this.itemIndex);
      throw error;
    }
    while (this.count + rows.count > this.item.length) this.grow();
    this.item.set(rows.item.subarray(0, rows.count), this.count);
    this.at.set(rows.at.subarray(0, rows.count), this.count);
    this.from.set(rows.from.subarray(0, rows.count), this.count);
    this.to.set(rows.to.subarray(0, rows.count), this.count);
    this.count += rows.count;
    this.lastItem = undefined;
  }

  snapshot(): TransitionColumns {
    const n = this.count;
    const columns: TransitionColumns = {
      kind: 'columns',
      count: n,
      item: this.item.subarray(0, n),
      at: this.at.subarray(0, n),
      from: this.from.subarray(0, n),
      to: this.to.subarray(0, n),
      itemIds: this.itemIds,
      names: this.names,
    };
    if (this.latest && this.latest.count <= n) {
      extended.set(columns, this.latest);
      latestAfter(columns, this.latest);
    }
    this.latest = columns;
    return columns;
  }
}

/**
 * Snapshot → the earlier snapshot (or continued columns) whose rows are its first rows, with the same
 * codes: a timeline kept for the earlier one is extended by the rows since instead of rebuilt.
 */
const extended = new WeakMap<TransitionColumns, TransitionColumns>();

/** The columns `columns` extends by appending rows, if known. */
export function extendedColumns(columns: TransitionColumns): TransitionColumns | undefined {
  return extended.get(columns);
}

/** Lets the earlier columns go (once what was kept for them has served). */
export function forgetExtendedColumns(columns: TransitionColumns): void {
  extended.delete(columns);
}

/** Appends new dictionary entries; on one already there, removes those it added and throws. */
function addNew(
  entries: readonly string[],
  list: string[],
  index: Record<string, number>,
  what: string,
): void {
  const start = list.length;
  for (const entry of entries) {
    if (typeof entry !== 'string' || index[entry] !== undefined) {
      dropFrom(start, list, index);
      throw new Error(`${what} ${JSON.stringify(entry)} is already coded`);
    }
    index[entry] = list.push(entry) - 1;
  }
}

function dropFrom(start: number, list: string[], index: Record<string, number>): void {
  for (const entry of list.splice(start)) delete index[entry];
}

function checkCodes(codes: Int32Array, count: number, min: number, end: number, what: string): void {
  if (codes.length < count) throw new Error(`${what} codes: ${codes.length} for ${count} rows`);
  for (let i = 0; i < count; i++) {
    const code = codes[i] as number;
    if (code < min || code >= end) throw new Error(`${what} code ${code} at row ${i} is out of range`);
  }
}

/** The same moves as columns, in the same order. */
export function toTransitionColumns(transitions: readonly Transition[]): TransitionColumns {
  const b = new TransitionColumnsBuilder(transitions.length);
  for (const t of transitions) b.append(t.itemId, t.from, t.to, t.at);
  return b.snapshot();
}

const nameOf = (c: TransitionColumns, code: number): string | null =>
  code === NULL_NAME ? null : (c.names[code] as string);

/** Row i as an object (tests, the CLI; the engine never builds these). */
export function transitionAt(c: TransitionColumns, i: number): Transition {
  return {
    itemId: c.itemIds[c.item[i] as number] as string,
    from: nameOf(c, c.from[i] as number),
    to: nameOf(c, c.to[i] as number),
    at: c.at[i] as number,
  };
}

/** The moves as objects, in row order. */
export function fromTransitionColumns(c: TransitionColumns): Transition[] {
  return Array.from({ length: c.count }, (_, i) => transitionAt(c, i));
}

/** Names of row `row`'s origin and target (for ties and duplicates, which are rare). */
export function rowNames(input: Transitions, row: number): { from: string | null; to: string | null } {
  if (!isTransitionColumns(input)) return input[row] as Transition;
  return { from: nameOf(input, input.from[row] as number), to: nameOf(input, input.to[row] as number) };
}

/**
 * The latest instant among the moves (-Infinity: none; NaN when an instant is not a number, which no
 * `now` is after), kept per columns object (never written once made): a loaded board's moves are read up
 * to a later `now` by every analysis, and one comparison says so.
 */
export function latestMove(columns: TransitionColumns): number {
  let latest = latestMoves.get(columns);
  if (latest === undefined) {
    latest = latestFrom(columns, 0, Number.NEGATIVE_INFINITY);
    latestMoves.set(columns, latest);
  }
  return latest;
}

/**
 * Records `latest` as the columns' latest move, known from elsewhere (a board snapshot's): the first
 * `latestMove` of a freshly loaded board then reads no rows (that loop ran unoptimised on a cold server,
 * a boxed number per row: 16 MB of young generation at a million moves, whose scavenges copied the board
 * just loaded).
 */
export function knowLatestMove(columns: TransitionColumns, latest: number): void {
  latestMoves.set(columns, latest);
}

/** The latest instant of `initial` and rows `start` on (see `latestMove`). */
function latestFrom(columns: TransitionColumns, start: number, initial: number): number {
  let latest = initial;
  for (let i = start; i < columns.count && !Number.isNaN(latest); i++) {
    const at = columns.at[i] as number;
    if (Number.isNaN(at) || at > latest) latest = at;
  }
  return latest;
}

/**
 * A builder's next snapshot's latest move, from its previous one's when known: only the rows appended
 * since are read (a million moves read after each recorded move allocated ~3 MB of numbers while that
 * loop ran unoptimised).
 */
function latestAfter(columns: TransitionColumns, previous: TransitionColumns): void {
  const before = latestMoves.get(previous);
  if (before !== undefined) latestMoves.set(columns, latestFrom(columns, previous.count, before));
}

const latestMoves = new WeakMap<TransitionColumns, number>();

/** Rows whose item code is kept (`keep[code]` = 1) into new typed arrays; the dictionaries are shared. */
export function rowsOfItems(source: TransitionColumns, keep: Uint8Array): TransitionColumns {
  let count = 0;
  for (let i = 0; i < source.count; i++) count += keep[source.item[i] as number] as number;
  const item = new Int32Array(count);
  const at = new Float64Array(count);
  const from = new Int32Array(count);
  const to = new Int32Array(count);
  let row = 0;
  for (let i = 0; i < source.count; i++) {
    if (keep[source.item[i] as number] === 0) continue;
    item[row] = source.item[i] as number;
    at[row] = source.at[i] as number;
    from[row] = source.from[i] as number;
    to[row] = source.to[i] as number;
    row++;
  }
  return { kind: 'columns', count, item, at, from, to, itemIds: source.itemIds, names: source.names };
}

/** The rows at or before `now` (the same input when none is later). */
export function upTo(input: Transitions, now: number): Transitions {
  if (!isTransitionColumns(input)) return input.filter((t) => t.at <= now);
  if (latestMove(input) <= now) return input;
  let kept = 0;
  for (let i = 0; i < input.count; i++) if ((input.at[i] as number) <= now) kept++;
  if (kept === input.count) return input;
  const item = new Int32Array(kept);
  const at = new Float64Array(kept);
  const from = new Int32Array(kept);
  const to = new Int32Array(kept);
  let w = 0;
  for (let i = 0; i < input.count; i++) {
    if (!((input.at[i] as number) <= now)) continue;
    item[w] = input.item[i] as number;
    at[w] = input.at[i] as number;
    from[w] = input.from[i] as number;
    to[w] = input.to[i] as number;
    w++;
  }
  return { ...input, count: kept, item, at, from, to };
}
