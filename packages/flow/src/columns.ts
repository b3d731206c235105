import type { BoardColumns, ColumnClassification } from './types.ts';

/** A board with its columns resolved to indices. */
export type ResolvedBoard = {
  columns: readonly string[];
  index: ReadonlyMap<string, number>;
  done: number;
  /** Index of the cycle-start column, -1 when none or unknown. */
  cycleStart: number;
};

export function resolveBoard(board: BoardColumns): ResolvedBoard {
  const columns = board.columns;
  const index = new Map<string, number>();
  columns.forEach((name, i) => {
    if (!index.has(name)) index.set(name, i);
  });
  const explicitDone = board.doneColumn == null ? undefined : index.get(board.doneColumn);
  const done = explicitDone ?? columns.length - 1;
  const cycleStart = board.cycleStartColumn == null ? -1 : (index.get(board.cycleStartColumn) ?? -1);
  return { columns, index, done, cycleStart: cycleStart > done ? -1 : cycleStart };
}

export type ColumnKind = 'productive' | 'waiting' | 'done';

const WAITING = [
  'backlog',
  'todo',
  'to do',
  'to-do',
  'ready',
  'blocked',
  'waiting',
  'wait',
  'next',
  'queue',
  'queued',
  'pending',
  'on hold',
  'hold',
  'icebox',
  'new',
  'triage',
  'inbox',
  'parked',
  'later',
  'selected',
  'up next',
  'planned',
  'open',
  'ideas',
  'intake',
];
const PRODUCTIVE = [
  'progress',
  'doing',
  'review',
  'test',
  'testing',
  'qa',
  'dev',
  'develop',
  'development',
  'build',
  'building',
  'implement',
  'implementation',
  'design',
  'work',
  'working',
  'active',
  'coding',
  'verify',
  'verification',
  'validation',
  'deploy',
  'deploying',
  'staging',
  'analysis',
  'wip',
  'started',
];

function matches(name: string, words: readonly string[]): boolean {
  const normalised = ` ${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
  return words.some((word) => normalised.includes(` ${word} `) || normalised.includes(` ${word}s `));
}

/**
 * Classifies one column by its name. Waiting words win over productive ones ("Ready for review" is a
 * queue). A name matching neither list is productive, unless it is the board's first column (its intake).
 */
export function classifyColumn(name: string, position: number, donePosition: number): ColumnKind {
  if (position >= donePosition) return 'done';
  if (matches(name, WAITING)) return 'waiting';
  if (matches(name, PRODUCTIVE)) return 'productive';
  return position === 0 ? 'waiting' : 'productive';
}

/** Productive and waiting columns of a board, in board order; the done column (and any after it) is neither. */
export function classifyColumns(board: BoardColumns): ColumnClassification {
  const resolved = resolveBoard(board);
  const result: ColumnClassification = { productive: [], waiting: [] };
  resolved.columns.forEach((name, i) => {
    const kind = classifyColumn(name, i, resolved.done);
    if (kind !== 'done') result[kind].push(name);
  });
  return result;
}
