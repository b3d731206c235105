import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * The items that name a parent, by board (partial: on most boards none does, so the index is empty):
 * `itemsNamingParents` (move-log/items.ts), which a board's first lead time waits for, finds the answer
 * there instead of reading every item of the board (100,000 items: 20-30 ms of SQLite in the server's
 * own thread, ~100 ms of a PostgreSQL backend beside the moves' read). The query must spell the
 * condition as this literal for either database to use it.
 */
export const itemsNamingParent = {
  async up(db: AnyDb) {
    await sql`CREATE INDEX items_naming_parent ON items (board_id) WHERE relations LIKE '%"parent":{%'`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    await sql`DROP INDEX items_naming_parent`.execute(db);
  },
};
