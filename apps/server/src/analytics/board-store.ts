import type { BoardItem } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import { ResultCache } from './cache.ts';
import { type BoardData, loadBoardData, loadBoardItems, refreshBoardData } from './queries.ts';

type Loaded = { version: number; data: Promise<BoardData>; items?: Promise<BoardItem[]> };

/**
 * Loaded boards, one entry per board kept across data versions: a newer version is reached by reading
 * only what was recorded since (`refreshBoardData`), not the whole board again. The items now on the
 * board are read apart, when an analysis first needs them at that version (lead time needs none, and
 * reading 100k items costs more than reading a million moves from segments). Concurrent requests share
 * one load; boards not used for `idleMs` are dropped.
 */
export class BoardStore {
  private readonly boards: ResultCache<Loaded>;

  constructor(maxBoards: number, idleMs: number) {
    this.boards = new ResultCache<Loaded>(maxBoards, idleMs);
  }

  /** The board's moves at `version` or later (newer data answers an older version's request correctly). */
  get(db: Db, boardId: string, version: number, now: number): Promise<BoardData> {
    return this.entry(db, boardId, version, now).data;
  }

  /** The board's items now on it, read at `version` or later. */
  items(db: Db, boardId: string, version: number, now: number): Promise<BoardItem[]> {
    const loaded = this.entry(db, boardId, version, now);
    if (!loaded.items) {
      const items = loadBoardItems(db, boardId);
      loaded.items = items;
      items.catch(() => {
        if (loaded.items === items) loaded.items = undefined;
      });
    }
    return loaded.items;
  }

  /** Whether the board is loaded or loading (at any version). */
  has(boardId: string, now: number): boolean {
    return this.boards.get(boardId, now) !== undefined;
  }

  private entry(db: Db, boardId: string, version: number, now: number): Loaded {
    const loaded = this.boards.get(boardId, now);
    const current = loaded && loaded.version >= version ? loaded : this.update(db, boardId, version, loaded);
    this.boards.set(boardId, current, now);
    return current;
  }

  private update(db: Db, boardId: string, version: number, previous: Loaded | undefined): Loaded {
    const data = previous
      ? previous.data.then(
          (board) => refreshBoardData(db, boardId, board),
          () => loadBoardData(db, boardId),
        )
      : loadBoardData(db, boardId);
    const loaded: Loaded = { version, data };
    data.catch(() => this.forget(boardId, loaded));
    return loaded;
  }

  /** A failed load is dropped, unless a newer one already replaced it. */
  private forget(boardId: string, failed: Loaded): void {
    if (this.boards.peek(boardId) === failed) this.boards.delete(boardId);
  }
}
