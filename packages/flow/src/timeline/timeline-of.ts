import type { ResolvedBoard } from '../input/columns.ts';
import type { BoardTimeline, RowTimeline, Stays } from './timeline.ts';

/**
 * A timeline as every builder makes it: one object literal, its fields always in this order, so that V8
 * gives every timeline one hidden class (`stays` null: the rows alone). Copies by spread
 * (`{ ...rows, stays }`) took a new hidden class from each source object's, so the engine's code, warmed
 * on the start's boards, met a timeline of another class at a real board's first request and dropped its
 * optimised code there (`--trace-deopt`: "wrong map" in time in state's `firstDay`, `collectStays`).
 */
export function timelineOf(
  board: ResolvedBoard,
  rows: Omit<RowTimeline, 'board'>,
  stays: Stays,
): BoardTimeline;
export function timelineOf(board: ResolvedBoard, rows: Omit<RowTimeline, 'board'>, stays: null): RowTimeline;
export function timelineOf(
  board: ResolvedBoard,
  rows: Omit<RowTimeline, 'board'>,
  stays: Stays | null,
): BoardTimeline | RowTimeline {
  return {
    board,
    itemIds: rows.itemIds,
    entries: rows.entries,
    firstEntry: rows.firstEntry,
    doneAt: rows.doneAt,
    lastColumn: rows.lastColumn,
    partialBefore: rows.partialBefore,
    joinKnown: rows.joinKnown,
    stays: stays as Stays,
  };
}
