import type { BoardItem, Transition } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';

export type BoardData = { transitions: Transition[]; items: BoardItem[] };

/**
 * Every recorded move of a board and its items now on the board, as the flow engine takes them.
 * Moves are selected under the engine's field names, so the driver's rows are the engine's input:
 * a board of a million moves is read into one array of objects, not two (see docs/performance.md).
 */
export async function loadBoardData(db: Db, boardId: string): Promise<BoardData> {
  const [transitions, rows] = await Promise.all([
    db
      .selectFrom('transitions')
      .select(['item_id as itemId', 'from_column as from', 'to_column as to', 'at'])
      .where('board_id', '=', boardId)
      .execute(),
    db
      .selectFrom('items')
      .select([
        'item_id',
        'number',
        'title',
        'url',
        'milestone',
        'labels',
        'column_name',
        'entered_column_at',
      ])
      .where('board_id', '=', boardId)
      .where('removed_at', 'is', null)
      .execute(),
  ]);
  return {
    transitions,
    items: rows.map((r) => ({
      id: r.item_id,
      number: r.number ?? 0,
      title: r.title,
      url: r.url,
      milestone: r.milestone,
      labels: parseLabels(r.labels),
      column: r.column_name,
      enteredColumnAt: r.entered_column_at,
    })),
  };
}

/** Changes whenever a move or an item change lands, so cached results are never stale. */
export async function boardDataVersion(db: Db, boardId: string): Promise<string> {
  const row = await db
    .selectFrom('boards')
    .select('data_version')
    .where('id', '=', boardId)
    .executeTakeFirst();
  return String(row?.data_version ?? 0);
}

function parseLabels(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}
