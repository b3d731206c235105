import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `column_options`: the Status options as last read, with GitHub's option ids (JSON `[{id, name}]`), so
 * that a renamed option (same id, new name) is told apart from a new column. Null until read.
 */
export const columnOptions = {
  async up(db: AnyDb) {
    await db.schema.alterTable('boards').addColumn('column_options', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('boards').dropColumn('column_options').execute();
  },
};
