import { columnKinds, resolveBoard } from './columns.ts';
import type { BoardColumns } from '../types.ts';

/**
 * Where a column stands in the flow (docs/metrics.md, "One model of commitment"): before the commitment
 * point (a queue of options: the backlog), in progress (committed work, from the commitment point up to
 * done), or done.
 */
export type FlowStage = 'before_commitment' | 'in_progress' | 'done';

export type FlowStages = {
  /** The columns, in board order. */
  columns: readonly string[];
  /** Index of the commitment point (the cycle-start column); -1 on a board without columns. */
  commitment: number;
  /** Its name, null on a board without columns. */
  commitmentColumn: string | null;
  /** True when the board names its cycle-start column; false when the default below chose it. */
  explicit: boolean;
  /** Index of the done column (the first of the done stage). */
  done: number;
  /** The stage of every column, by position. */
  stages: FlowStage[];
};

/**
 * The board's commitment point and done column divide its columns into three stages. The commitment
 * point is the board's cycle-start column when it is a column up to done; without one, the first
 * column classified productive (the team's classification, else the guess from the name, §4), else the
 * first column. Done is the done column and every column after it.
 */
export function flowStages(board: BoardColumns): FlowStages {
  const resolved = resolveBoard(board);
  const explicit = resolved.cycleStart >= 0;
  let commitment = resolved.cycleStart;
  if (!explicit) {
    const kinds = columnKinds(board);
    commitment = kinds.indexOf('productive');
    if (commitment < 0) commitment = resolved.columns.length > 0 ? 0 : -1;
  }
  const stages = resolved.columns.map((_, c): FlowStage => {
    if (c >= resolved.done) return 'done';
    return c < commitment ? 'before_commitment' : 'in_progress';
  });
  return {
    columns: resolved.columns,
    commitment,
    commitmentColumn: commitment >= 0 ? (resolved.columns[commitment] ?? null) : null,
    explicit,
    done: resolved.done,
    stages,
  };
}

/** The work-in-progress columns: committed work, from the commitment point up to (not including) done. */
export function inProgressColumns(stages: FlowStages): string[] {
  return stages.columns.filter((_, c) => stages.stages[c] === 'in_progress');
}
