import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * The columns of the items on each board that have one, so that `columnsOfBoardItems` (move-log/items.ts),
 * the count of items per column that a board's first time in state waits for, reads this index alone
 * instead of each item's row and a temporary b-tree to group them (100,000 items, SQLite in a fresh
 * process: 156-184 ms of CPU of the server's own thread -> 26-33 ms). Narrowed to the items with a column
 * on purpose: an index under `board_id = ? AND removed_at IS NULL` alone serves every read of a board's
 * items too, and SQLite's planner took it for the whole items' read, which then came in the order of their
 * columns instead of that of their changes (`items_board_change`). Only the count states the narrower
 * condition; queue health, its one reader, counts no item without a column.
 */
export const itemsColumnCounts = {
  async up(db: AnyDb) {
    await sql`CREATE INDEX items_column_counts ON items (board_id, column_name)
      WHERE removed_at IS NULL AND column_name IS NOT NULL`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`DROP INDEX items_column_counts`.execute(db);
  },
};
