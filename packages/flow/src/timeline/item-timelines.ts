import { type BoardTimeline, buildTimeline, cycleTimeMs, leadTimeMs } from './timeline.ts';
import type { Transitions } from '../input/transitions.ts';
import type { BoardColumns } from '../types.ts';

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
