import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * The columns of the items on each board (partial: the items that left it are out), so that
 * `columnsOfBoardItems` (move-log/items.ts), the count of items per column that a board's first time in
 * state waits for, reads this index alone instead of each item's row through `items_board_change` and a
 * temporary b-tree to group them (100,000 items, SQLite in a fresh process: 156-184 ms of CPU of the
 * server's own thread -> 26-33 ms).
 */
export const itemsOpenColumns = {
  async up(db: AnyDb) {
    await sql`CREATE INDEX items_open_columns ON items (board_id, column_name) WHERE removed_at IS NULL`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    await sql`DROP INDEX items_open_columns`.execute(db);
  },
};
