/**
 * The benches' reference board: the engine's deterministic synthetic board
 * (packages/flow/src/input/synthetic-board.ts), and the moves the API benches record after their cold requests.
 */
import type { GeneratedBoard } from '../packages/flow/src/index.ts';

export {
  BENCH_COLUMNS,
  type BoardSize,
  type GeneratedBoard,
  generateBoard,
} from '../packages/flow/src/index.ts';

/**
 * The moves the API benches record after the cold requests (as webhooks would): the first `count` items
 * not in the last column, each one column on, a second apart from the board's "now".
 */
export function movesAfterStart(board: GeneratedBoard, count: number) {
  const movable = board.items.filter((i) => i.column !== null && i.column !== board.columns.at(-1));
  return movable.slice(0, count).map((item, n) => ({
    itemId: item.id,
    from: item.column,
    to: board.columns[board.columns.indexOf(item.column ?? '') + 1] ?? null,
    at: board.now + n * 1000,
    source: 'webhook' as const,
  }));
}
