import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `rewrite_version`: bumped when recorded moves are rewritten or deleted (not appended), so a loaded
 * board knows whether it may take only the new rows or must be read again.
 * `transitions_board_id`: a board's moves by id, covering what the analyses read, so that the board's
 * last id, the count of its moves up to an id, the moves after an id and the whole board are all read
 * from the index alone (SQLite otherwise looked up each of a million rows in the table).
 */
export const incrementalLoad = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('boards')
      .addColumn('rewrite_version', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('transitions_board_id')
      .on('transitions')
      .columns(['board_id', 'id', 'item_id', 'at', 'to_column', 'from_column'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('transitions_board_id').execute();
    await db.schema.alterTable('boards').dropColumn('rewrite_version').execute();
  },
};
