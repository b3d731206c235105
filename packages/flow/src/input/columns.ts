import type { BoardColumns, ClassificationOverride, ColumnClassification } from '../types.ts';

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
  'committed',
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

/** The team's kind for a column, when the override names it with a valid kind. */
function overriddenKind(override: ClassificationOverride | null | undefined, name: string) {
  // Own properties only: a column called "constructor" must not pick up Object.prototype's.
  if (!override || !Object.hasOwn(override, name)) return undefined;
  const kind = override[name];
  return kind === 'productive' || kind === 'waiting' ? kind : undefined;
}

/**
 * The kind of every column of the board, by position: the team's override where it names the column,
 * the guess from the name otherwise. The done column (and any after it) stays done whatever the override.
 */
export function columnKinds(board: BoardColumns): ColumnKind[] {
  const resolved = resolveBoard(board);
  return resolved.columns.map((name, i) => {
    const guess = classifyColumn(name, i, resolved.done);
    if (guess === 'done') return guess;
    return overriddenKind(board.classification, name) ?? guess;
  });
}

/** Productive and waiting columns of a board, in board order; the done column (and any after it) is neither. */
export function classifyColumns(board: BoardColumns): ColumnClassification {
  const result: ColumnClassification = { productive: [], waiting: [] };
  columnKinds(board).forEach((kind, i) => {
    if (kind !== 'done') result[kind].push(board.columns[i] as string);
  });
  return result;
}
