import { type BoardTimeline, buildTimeline, cycleTimeMs, leadTimeMs } from './timeline.ts';
import type { Transitions } from '../input/transitions.ts';
import type { BoardColumns } from '../types.ts';
import { stayStarts } from './stay-starts.ts';

export type ItemStay = {
  /** null: off the board or in a column that is not on the board any more. */
  column: string | null;
  start: number;
  /** null while the item is still there. */
  end: number | null;
};

export type ItemTimeline = {
  itemId: string;
  /** Entry time per board column after the backward-move and skipped-column rules (null: not reached). */
  entered: Record<string, number | null>;
  firstEntryAt: number | null;
  /** Time of the entry into done when the item is complete, else null. */
  completedAt: number | null;
  leadTimeMs: number | null;
  cycleTimeMs: number | null;
  /** The instant before which GitHub lost the item's history (docs/metrics.md §16); null when complete. */
  partialBefore: number | null;
  stays: ItemStay[];
};

export type TimelineInput = BoardColumns & { transitions: Transitions };

function orNull(value: number): number | null {
  return Number.isNaN(value) ? null : value;
}

function staysByItem(t: BoardTimeline): ItemStay[][] {
  const result: ItemStay[][] = t.itemIds.map(() => []);
  const s = t.stays;
  for (let i = 0; i < s.count; i++) {
    const column = s.column[i] as number;
    (result[s.item[i] as number] as ItemStay[]).push({
      column: column < 0 ? null : (t.board.columns[column] as string),
      start: s.start[i] as number,
      end: orNull(s.end[i] as number),
    });
  }
  return result;
}

/** Per-item view of the entry rules: entries, completion, lead and cycle time, stays. */
export function computeItemTimelines(input: TimelineInput): ItemTimeline[] {
  return itemTimelinesOf(buildTimeline(input, input.transitions));
}

/** What `entered` and `stays` are built from: the timeline's own buffers, read before the next build. */
type LazySource = {
  names: readonly [string, number][];
  columns: readonly string[];
  width: number;
  entries: Float64Array;
  /** Item i's stays are positions from[i] to from[i + 1] (stays are written in item order). */
  from: Int32Array;
  stayColumn: Int16Array;
  stayStart: Float64Array;
  stayEnd: Float64Array;
};

function lazySource(t: BoardTimeline): LazySource {
  const s = t.stays;
  const from = stayStarts(t);
  const width = t.board.columns.length;
  return {
    names: [...t.board.index],
    columns: [...t.board.columns],
    width,
    entries: t.entries,
    from,
    stayColumn: s.column,
    stayStart: s.start,
    stayEnd: s.end,
  };
}

class LazyItemTimeline implements ItemTimeline {
  #entered: Record<string, number | null> | undefined;
  #stays: ItemStay[] | undefined;
  constructor(
    private readonly source: LazySource,
    /** The item's position in the timeline. */
    readonly row: number,
    readonly itemId: string,
    readonly firstEntryAt: number | null,
    readonly completedAt: number | null,
    readonly leadTimeMs: number | null,
    readonly cycleTimeMs: number | null,
    readonly partialBefore: number | null,
  ) {}

  get entered(): Record<string, number | null> {
    if (this.#entered) return this.#entered;
    const { names, entries, width } = this.source;
    const base = this.row * width;
    const entered: Record<string, number | null> = {};
    for (const [name, c] of names) {
      const at = orNull(entries[base + c] as number);
      // An own "__proto__" key, as fromEntries makes it in the eager view.
      if (name === '__proto__')
        Object.defineProperty(entered, name, {
          value: at,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else entered[name] = at;
    }
    this.#entered = entered;
    return entered;
  }

  get stays(): ItemStay[] {
    if (this.#stays) return this.#stays;
    const { from, stayColumn, stayStart, stayEnd, columns } = this.source;
    const stays: ItemStay[] = [];
    for (let i = from[this.row] as number; i < (from[this.row + 1] as number); i++) {
      const c = stayColumn[i] as number;
      stays.push({
        column: c < 0 ? null : (columns[c] as string),
        start: stayStart[i] as number,
        end: orNull(stayEnd[i] as number),
      });
    }
    this.#stays = stays;
    return stays;
  }
}

/**
 * The per-item view of a board timeline with `entered` and `stays` built on first read, from the
 * timeline's buffers (so read before the next `buildTimeline`): for a report that reads those of a few
 * items only (the Flow report: its scatter points, aging and blocked items), without an object per stay
 * of the whole board. `itemTimelinesOf` builds every item's.
 */
export function lazyItemTimelinesOf(t: BoardTimeline): (ItemTimeline & { readonly row: number })[] {
  const at = lazyItemTimelineAt(t);
  return t.itemIds.map((_, row) => at(row));
}

/**
 * The lazy per-item view of one row of a board timeline, made when first asked for (then kept): for a
 * report that reads a few thousand items of a hundred thousand, without an object for each of the others.
 */
export function lazyItemTimelineAt(
  t: BoardTimeline,
): (row: number) => ItemTimeline & { readonly row: number } {
  const source = lazySource(t);
  // Filled, so that its elements stay fast: written at scattered rows, an empty array turns into a dictionary.
  const made: (LazyItemTimeline | undefined)[] = new Array(t.itemIds.length).fill(undefined);
  return (item) => {
    let view = made[item];
    if (!view) {
      view = new LazyItemTimeline(
        source,
        item,
        t.itemIds[item] as string,
        orNull(t.firstEntry[item] as number),
        orNull(t.doneAt[item] as number),
        orNull(leadTimeMs(t, item)),
        orNull(cycleTimeMs(t, item)),
        orNull(t.partialBefore[item] as number),
      );
      made[item] = view;
    }
    return view;
  };
}

/** The per-item view of a board timeline already built (read it before the next `buildTimeline`). */
export function itemTimelinesOf(t: BoardTimeline): ItemTimeline[] {
  const width = t.board.columns.length;
  const stays = staysByItem(t);
  // Each name once, at its first position; fromEntries makes even "__proto__" an own key.
  const named = [...t.board.index];
  return t.itemIds.map((itemId, item) => {
    const entered = Object.fromEntries(
      named.map(([name, c]) => [name, orNull(t.entries[item * width + c] as number)]),
    );
    return {
      itemId,
      entered,
      firstEntryAt: orNull(t.firstEntry[item] as number),
      completedAt: orNull(t.doneAt[item] as number),
      leadTimeMs: orNull(leadTimeMs(t, item)),
      cycleTimeMs: orNull(cycleTimeMs(t, item)),
      partialBefore: orNull(t.partialBefore[item] as number),
      stays: stays[item] as ItemStay[],
    };
  });
}
