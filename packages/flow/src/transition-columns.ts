import type { Transition } from './types.ts';

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
 * Appends rows into growing typed arrays. `snapshot()` returns the rows so far; appending later never
 * changes a snapshot (rows go past its count, and growing copies into new arrays), so one builder can
 * keep a loaded board up to date while earlier snapshots are still in use.
 */
export class TransitionColumnsBuilder {
  private item: Int32Array;
  private at: Float64Array;
  private from: Int32Array;
  private to: Int32Array;
  private readonly itemIds: string[] = [];
  private readonly names: string[] = [];
  // Null-prototype objects, not Maps: with the fresh strings a driver returns for every row, V8 looks
  // them up about twice as fast (0.3 vs 0.6 s for a million item ids, measured).
  private readonly itemIndex: Record<string, number> = Object.create(null);
  private readonly nameIndex: Record<string, number> = Object.create(null);
  private lastItem: string | undefined;
  private lastItemCode = 0;
  count = 0;

  constructor(capacity = 1024) {
    const n = Math.max(16, capacity);
    this.item = new Int32Array(n);
    this.at = new Float64Array(n);
    this.from = new Int32Array(n);
    this.to = new Int32Array(n);
  }

  /** A builder continuing `columns` (copies its arrays, not per row). */
  static from(columns: TransitionColumns, extra = 1024): TransitionColumnsBuilder {
    const b = new TransitionColumnsBuilder(columns.count + extra);
    b.item.set(columns.item.subarray(0, columns.count));
    b.at.set(columns.at.subarray(0, columns.count));
    b.from.set(columns.from.subarray(0, columns.count));
    b.to.set(columns.to.subarray(0, columns.count));
    for (const id of columns.itemIds) b.itemCode(id);
    for (const name of columns.names) b.nameCode(name);
    b.count = columns.count;
    return b;
  }

  private itemCode(id: string): number {
    if (id === this.lastItem) return this.lastItemCode;
    let code = this.itemIndex[id];
    if (code === undefined) {
      code = this.itemIds.push(id) - 1;
      this.itemIndex[id] = code;
    }
    this.lastItem = id;
    this.lastItemCode = code;
    return code;
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

  snapshot(): TransitionColumns {
    const n = this.count;
    return {
      kind: 'columns',
      count: n,
      item: this.item.subarray(0, n),
      at: this.at.subarray(0, n),
      from: this.from.subarray(0, n),
      to: this.to.subarray(0, n),
      itemIds: this.itemIds,
      names: this.names,
    };
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

/** The rows at or before `now` (the same input when none is later). */
export function upTo(input: Transitions, now: number): Transitions {
  if (!isTransitionColumns(input)) return input.filter((t) => t.at <= now);
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
