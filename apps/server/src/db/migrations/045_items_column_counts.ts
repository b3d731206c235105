import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * 044's index of the items on each board by column, narrowed to the items that have a column: every
 * statement that reads a board's items on the board (`board_id = ? AND removed_at IS NULL`) could read
 * that index too, and SQLite's planner took it for the whole items' read, which then came in the order
 * of their columns instead of that of their changes (`items_board_change`). Only the count by column
 * states the narrower condition; queue health, its one reader, counts no item without a column.
 */
export const itemsColumnCounts = {
  async up(db: AnyDb) {
    await sql`DROP INDEX items_open_columns`.execute(db);
    await sql`CREATE INDEX items_column_counts ON items (board_id, column_name)
      WHERE removed_at IS NULL AND column_name IS NOT NULL`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`DROP INDEX items_column_counts`.execute(db);
    await sql`CREATE INDEX items_open_columns ON items (board_id, column_name) WHERE removed_at IS NULL`.execute(
      db,
    );
  },
};
