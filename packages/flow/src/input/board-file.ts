import type { BoardColumns } from '../types.ts';
import { TransitionColumnsBuilder, type Transitions } from './transitions.ts';

/** A board in the neutral exchange format (see packages/flow/test-data/jira-agile-metrics/transitions.json). */
export type BoardFile = {
  columns: string[];
  cycle_start?: string | null;
  done?: string | null;
  items: { key: string; transitions?: { at: string; from: string | null; to: string | null }[] }[];
};

/** A board file as engine input. `parseBoardFile` gives its transitions as columns (no object per move). */
export type ParsedBoard = BoardColumns & { keys: string[]; transitions: Transitions };

export class BoardFileError extends Error {
  override name = 'BoardFileError';
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function parseTime(at: unknown, key: string): number {
  const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  if (Number.isNaN(ms))
    throw new BoardFileError(`item ${key}: invalid transition time ${JSON.stringify(at)}`);
  return ms;
}

function columnName(name: unknown, key: string): string | null {
  if (name === undefined || name === null) return null;
  if (typeof name !== 'string')
    throw new BoardFileError(`item ${key}: a column name must be a string, not ${JSON.stringify(name)}`);
  return name;
}

/** Validates a parsed board file and turns it into engine input. */
export function parseBoardFile(data: unknown): ParsedBoard {
  const board = data as Partial<BoardFile> | null;
  if (!board || !isStringArray(board.columns) || board.columns.length === 0) {
    throw new BoardFileError('board: "columns" must be a non-empty array of strings');
  }
  if (!Array.isArray(board.items)) throw new BoardFileError('board: "items" must be an array');
  const keys: string[] = [];
  const transitions = new TransitionColumnsBuilder();
  for (const item of board.items) {
    if (typeof item?.key !== 'string') throw new BoardFileError('board: every item needs a string "key"');
    keys.push(item.key);
    for (const t of item.transitions ?? []) {
      transitions.append(
        item.key,
        columnName(t.from, item.key),
        columnName(t.to, item.key),
        parseTime(t.at, item.key),
      );
    }
  }
  return {
    columns: board.columns,
    doneColumn: board.done ?? null,
    cycleStartColumn: board.cycle_start ?? null,
    keys,
    transitions: transitions.snapshot(),
  };
}
