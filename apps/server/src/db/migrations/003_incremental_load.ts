import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `rewrite_version`: bumped when recorded moves are rewritten or deleted (not appended), so a loaded
 * board knows whether it may take only the new rows or must be read again.
 * `transitions_board_id`: the rows of a board by id, for "the moves after the last one loaded", the
 * board's last id and the count of its rows up to an id, without reading the table.
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
      .columns(['board_id', 'id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('transitions_board_id').execute();
    await db.schema.alterTable('boards').dropColumn('rewrite_version').execute();
  },
};
