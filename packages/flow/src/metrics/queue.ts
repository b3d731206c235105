import { columnKinds, resolveBoard } from '../input/columns.ts';
import { flowStages } from '../input/stages.ts';
import { round } from '../core/numbers.ts';
import { columnCode } from '../timeline/group-by-item.ts';
import type { BoardColumns, BoardItem } from '../types.ts';

/** `ratio` is null when no committed item is open: no queue to judge, not a healthy one (issue 31). */
export type QueueHealth = { waiting: number; open: number; ratio: number | null };

/**
 * Items now in waiting columns / items now in productive or waiting columns (null when none), counting only
 * the in-progress stage (docs/metrics.md, "One model of commitment"): a backlog before the commitment
 * point is a queue of options, never a queue of committed work. Honours the board's classification.
 */
export function queueHealth(board: BoardColumns, items: readonly Pick<BoardItem, 'column'>[]): QueueHealth {
  const resolved = resolveBoard(board);
  const kinds = columnKinds(board);
  const stages = flowStages(board).stages;
  const counts = new Float64Array(kinds.length + 1);
  // A column's name is looked up once a run of items in it: the server's count by column hands over one
  // run a column (move-log/items.ts), 100,000 look-ups a cold time in state otherwise.
  let name: string | null | undefined;
  let code = -1;
  for (let i = 0; i < items.length; i++) {
    const column = (items[i] as Pick<BoardItem, 'column'>).column;
    if (column !== name) {
      name = column;
      code = columnCode(resolved, column);
    }
    if (code >= 0) counts[code] = (counts[code] as number) + 1;
  }
  let waiting = 0;
  let open = 0;
  for (let c = 0; c < kinds.length; c++) {
    if (stages[c] !== 'in_progress') continue;
    const kind = kinds[c];
    if (kind === 'waiting') waiting += counts[c] as number;
    if (kind === 'waiting' || kind === 'productive') open += counts[c] as number;
  }
  return { waiting, open, ratio: open > 0 ? round(waiting / open) : null };
}
