import type { Db } from '../db/connection.ts';
import { ResultCache } from './cache.ts';
import { type BoardData, loadBoardData, refreshBoardData } from './queries.ts';

type Loaded = { version: number; data: Promise<BoardData> };

/**
 * Loaded boards, one entry per board kept across data versions: a newer version is reached by reading
 * only what was recorded since (`refreshBoardData`), not the whole board again. Concurrent requests
 * share one load; boards not used for `idleMs` are dropped.
 */
export class BoardStore {
  private readonly boards: ResultCache<Loaded>;

  constructor(maxBoards: number, idleMs: number) {
    this.boards = new ResultCache<Loaded>(maxBoards, idleMs);
  }

  /** The board's data at `version` or later (newer data answers an older version's request correctly). */
  get(db: Db, boardId: string, version: number, now: number): Promise<BoardData> {
    const loaded = this.boards.get(boardId, now);
    const current = loaded && loaded.version >= version ? loaded : this.update(db, boardId, version, loaded);
    this.boards.set(boardId, current, now);
    return current.data;
  }

  /** Whether the board is loaded or loading (at any version). */
  has(boardId: string, now: number): boolean {
    return this.boards.get(boardId, now) !== undefined;
  }

  private update(db: Db, boardId: string, version: number, previous: Loaded | undefined): Loaded {
    const data = previous
      ? previous.data.then(
          (board) => refreshBoardData(db, boardId, board),
          () => loadBoardData(db, boardId),
        )
      : loadBoardData(db, boardId);
    const loaded = { version, data };
    data.catch(() => this.forget(boardId, loaded));
    return loaded;
  }

  /** A failed load is dropped, unless a newer one already replaced it. */
  private forget(boardId: string, failed: Loaded): void {
    if (this.boards.peek(boardId) === failed) this.boards.delete(boardId);
  }
}
