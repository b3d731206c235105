import { classifyColumn, resolveBoard } from './columns.ts';
import { round } from './numbers.ts';
import type { BoardColumns, BoardItem } from './types.ts';

export type QueueHealth = { waiting: number; open: number; ratio: number };

/** Items now in waiting columns / items now in productive or waiting columns (0 when none). */
export function queueHealth(board: BoardColumns, items: readonly BoardItem[]): QueueHealth {
  const resolved = resolveBoard(board);
  const kinds = resolved.columns.map((name, i) => classifyColumn(name, i, resolved.done));
  let waiting = 0;
  let open = 0;
  for (const item of items) {
    const c = item.column === null ? undefined : resolved.index.get(item.column);
    const kind = c === undefined ? undefined : kinds[c];
    if (kind === 'waiting') waiting++;
    if (kind === 'waiting' || kind === 'productive') open++;
  }
  return { waiting, open, ratio: open > 0 ? round(waiting / open) : 0 };
}
