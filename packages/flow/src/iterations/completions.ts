import type { Transitions } from '../input/transitions.ts';
import { buildTimeline } from '../timeline/timeline.ts';
import type { BoardColumns } from '../types.ts';

/**
 * Each item's completion (its last entry into done, docs/metrics.md §2), null when not complete: what the
 * iteration report needs of the moves, read from the board timeline without building an object per item.
 */
export function completionTimes(board: BoardColumns, transitions: Transitions): Map<string, number | null> {
  const t = buildTimeline(board, transitions);
  const done = new Map<string, number | null>();
  t.itemIds.forEach((id, item) => {
    const at = t.doneAt[item] as number;
    done.set(id, Number.isNaN(at) ? null : at);
  });
  return done;
}
