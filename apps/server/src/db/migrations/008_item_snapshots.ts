import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * A big board's items now on it, as of its item counter `seq` and `rewrite_version`, as one JSON text
 * (apps/server/src/move-log/item-snapshots.ts): a first load reads it and the items changed since,
 * instead of every item row. Text, not a blob: PostgreSQL sends bytea as hex, which cost more to read
 * than the rows it replaces.
 */
export const itemSnapshots = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('item_snapshots')
      .addColumn('board_id', 'text', (c) => c.primaryKey().references('boards.id').onDelete('cascade'))
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('rewrite_version', 'bigint', (c) => c.notNull())
      .addColumn('item_count', 'integer', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('item_snapshots').execute();
  },
};
