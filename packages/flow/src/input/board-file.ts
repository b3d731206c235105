import type { BoardColumns, Transition } from '../types.ts';

/** A board in the neutral exchange format (see packages/flow/test-data/jira-agile-metrics/transitions.json). */
export type BoardFile = {
  columns: string[];
  cycle_start?: string | null;
  done?: string | null;
  items: { key: string; transitions?: { at: string; from: string | null; to: string | null }[] }[];
};

export type ParsedBoard = BoardColumns & { keys: string[]; transitions: Transition[] };

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

/** Validates a parsed board file and turns it into engine input. */
export function parseBoardFile(data: unknown): ParsedBoard {
  const board = data as Partial<BoardFile> | null;
  if (!board || !isStringArray(board.columns) || board.columns.length === 0) {
    throw new BoardFileError('board: "columns" must be a non-empty array of strings');
  }
  if (!Array.isArray(board.items)) throw new BoardFileError('board: "items" must be an array');
  const keys: string[] = [];
  const transitions: Transition[] = [];
  for (const item of board.items) {
    if (typeof item?.key !== 'string') throw new BoardFileError('board: every item needs a string "key"');
    keys.push(item.key);
    for (const t of item.transitions ?? []) {
      transitions.push({
        itemId: item.key,
        from: t.from ?? null,
        to: t.to ?? null,
        at: parseTime(t.at, item.key),
      });
    }
  }
  return {
    columns: board.columns,
    doneColumn: board.done ?? null,
    cycleStartColumn: board.cycle_start ?? null,
    keys,
    transitions,
  };
}
