import type { BoardItem } from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import type { CacheSettings } from '../config.ts';
import { Cache } from './cache.ts';
import { type LoadedBoard, loadBoard } from '../move-log/board-snapshots.ts';
import {
  type BoardItems,
  itemsNamingParents,
  loadBoardItems,
  type ParentsNamed,
  refreshBoardItems,
} from '../move-log/items.ts';
import { type BoardData, refreshBoardData } from '../move-log/load-moves.ts';
import { allItems, type ItemList } from '../move-log/item-snapshots.ts';

/**
 * A board at a data version: its moves, and its items once asked for (`items`), read as changes to the
 * items of an earlier version or of the board's snapshot (`itemsBefore`, made when first asked for) when
 * there are such.
 */
type Loaded = {
  version: number;
  data: Promise<BoardData>;
  items?: Promise<BoardItems<ItemList>>;
  itemsBefore?: () => Promise<BoardItems<ItemList> | null>;
  /** Whether its items name a parent, checked when first asked for, from the earlier version's answer. */
  parents?: Promise<ParentsNamed>;
  /** `parents`' answer once it came: a warm request reads it without a promise. */
  namesParents?: boolean;
  parentsBefore?: Promise<ParentsNamed>;
};

/**
 * Loaded boards, one entry per board kept across data versions: a newer version is reached by reading
 * only what was recorded since (`refreshBoardData`), not the whole board again. The items now on the
 * board are read apart, when an analysis first needs them at that version (lead time needs none), and
 * likewise only those changed since (`refreshBoardItems`). Concurrent requests share one load; boards
 * not used for `idleMs` are dropped.
 */
export class BoardStore {
  private readonly boards: Cache<Loaded>;
  /** How many boards it holds at most. */
  readonly capacity: number;

  /** `ttlMs` counts from a board's last use. */
  constructor(settings: CacheSettings, now: () => number) {
    this.boards = new Cache<Loaded>(settings, now);
    this.capacity = settings.maxEntries;
  }

  /** The board's moves at `version` or later (newer data answers an older version's request correctly). */
  get(db: Db, boardId: string, version: number): Promise<BoardData> {
    return this.entry(db, boardId, version).data;
  }

  /**
   * The board's items now on it, read at `version` or later, with all their content: an answer takes
   * them through `itemsForViewer` (visibility/viewer-items.ts), which hides what GitHub hides from its user.
   */
  async items(db: Db, boardId: string, version: number): Promise<BoardItem[]> {
    return allItems(await this.itemList(db, boardId, version));
  }

  /** The same items, a snapshot's maybe not made into objects yet (move-log/item-snapshots.ts, `ItemList`). */
  async itemList(db: Db, boardId: string, version: number): Promise<ItemList> {
    const loaded = this.entry(db, boardId, version);
    if (!loaded.items) {
      const before = loaded.itemsBefore;
      const items = before
        ? before().then(
            (previous) => (previous ? refreshBoardItems(db, boardId, previous) : loadBoardItems(db, boardId)),
            () => loadBoardItems(db, boardId),
          )
        : loadBoardItems(db, boardId);
      loaded.items = items;
      loaded.itemsBefore = undefined;
      items.catch(() => {
        if (loaded.items === items) loaded.items = undefined;
      });
    }
    return (await loaded.items).items;
  }

  /**
   * Whether any item of the board, on it or gone, names a parent (read at `version` or later): without
   * one, no level of work leaves an item out and lead time needs no items. Checked once per version,
   * over the items changed since the version before when it was checked there.
   */
  namesParents(db: Db, boardId: string, version: number): boolean | Promise<boolean> {
    const loaded = this.entry(db, boardId, version);
    if (loaded.namesParents !== undefined) return loaded.namesParents;
    if (!loaded.parents) {
      const before = loaded.parentsBefore?.catch(() => null) ?? Promise.resolve(null);
      const parents = before.then((previous) => itemsNamingParents(db, boardId, previous));
      loaded.parents = parents;
      loaded.parentsBefore = undefined;
      parents.catch(() => {
        if (loaded.parents === parents) loaded.parents = undefined;
      });
    }
    const asked = loaded.parents;
    return asked.then(({ any }) => {
      if (loaded.parents === asked) loaded.namesParents = any;
      return any;
    });
  }

  /**
   * Holds a board loaded elsewhere, its moves and items given and naming no parent (a store of the
   * start's code warm-up, code-warm-up.ts, which reads nothing from the database).
   */
  hold(boardId: string, version: number, data: BoardData, items: BoardItems<ItemList>): void {
    const parents: ParentsNamed = { any: false, seq: items.seq, rewriteVersion: items.rewriteVersion };
    const loaded: Loaded = {
      version,
      data: Promise.resolve(data),
      items: Promise.resolve(items),
      parents: Promise.resolve(parents),
      namesParents: false,
    };
    this.boards.set(boardId, loaded);
  }

  /** Whether the board is loaded or loading (at any version), and its items too. */
  has(boardId: string): { moves: boolean; items: boolean } {
    const loaded = this.boards.get(boardId);
    return { moves: loaded !== undefined, items: loaded?.items !== undefined };
  }

  private entry(db: Db, boardId: string, version: number): Loaded {
    const loaded = this.boards.get(boardId);
    const current = loaded && loaded.version >= version ? loaded : this.update(db, boardId, version, loaded);
    this.boards.set(boardId, current);
    return current;
  }

  /**
   * A first load reads the board's snapshot (moves, and items left as text until asked for) when it has
   * one (move-log/board-snapshots.ts); a newer version refreshes the one held.
   */
  private update(db: Db, boardId: string, version: number, previous: Loaded | undefined): Loaded {
    if (!previous) {
      const board = loadBoard(db, boardId);
      const data = board.then((b) => b.data);
      board.catch(() => undefined);
      const loaded: Loaded = { version, data, itemsBefore: snapshotItems(board) };
      data.catch(() => this.forget(boardId, loaded));
      return loaded;
    }
    const data = previous.data.then(
      (board) => refreshBoardData(db, boardId, board),
      () => loadBoard(db, boardId).then((b) => b.data),
    );
    // The items of the version replaced (even if never asked for there: then those it was built from).
    const items = previous.items;
    const itemsBefore = items ? given(items) : previous.itemsBefore;
    const parentsBefore = previous.parents ?? previous.parentsBefore;
    const loaded: Loaded = {
      version,
      data,
      ...(itemsBefore ? { itemsBefore } : {}),
      ...(parentsBefore ? { parentsBefore } : {}),
    };
    data.catch(() => this.forget(boardId, loaded));
    return loaded;
  }

  /** A failed load is dropped, unless a newer one already replaced it. */
  private forget(boardId: string, failed: Loaded): void {
    if (this.boards.peek(boardId) === failed) this.boards.delete(boardId);
  }
}

/**
 * The items of a version, as the next version's `itemsBefore`: made apart (closures of their own), so
 * that they hold nothing but the way to the items. Later versions inherit them until their items are
 * asked for, and a closure made beside a load's others would hold that version and its moves (a
 * snapshot's 20 MB at a million) through their shared scope.
 */
function given<T>(value: T): () => T {
  return () => value;
}

function snapshotItems(board: Promise<LoadedBoard>): () => Promise<BoardItems<ItemList> | null> {
  const itemsOf = board.then((b) => b.items);
  itemsOf.catch(() => undefined);
  return () => itemsOf.then((items) => items?.() ?? null);
}
