import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * The items that left each board (`items_left`) and its archived items (`items_archived`), by board
 * (partial: few of a board's items): `readLeftItems` (move-log/items.ts), which a board's first Flow
 * report waits for, and `archivedIds` (analytics/item-filter.ts) read only those rows instead of every
 * item of the board with its content (100,000 items: 20-36 ms of SQLite in the server's own thread, a
 * full scan of a PostgreSQL backend). No other read of the items states either condition (`removed_at IS
 * NULL` does not imply `removed_at IS NOT NULL`), so neither database takes them for the whole items'
 * read (see 044).
 */
export const itemsLeftArchived = {
  async up(db: AnyDb) {
    await sql`CREATE INDEX items_left ON items (board_id) WHERE removed_at IS NOT NULL`.execute(db);
    await sql`CREATE INDEX items_archived ON items (board_id) WHERE archived_at IS NOT NULL`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`DROP INDEX items_archived`.execute(db);
    await sql`DROP INDEX items_left`.execute(db);
  },
};
