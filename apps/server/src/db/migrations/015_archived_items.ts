import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * Archived items (docs/metrics.md §13): `items.archived_at`, when the collector saw the item archived (null
 * when it is not, or left the board otherwise); `boards.include_archived`, whether the analyses count
 * archived items' history (1, as before this setting existed) or leave them out (0). One setting per board.
 */
export const archivedItems = {
  async up(db: AnyDb) {
    await db.schema.alterTable('items').addColumn('archived_at', 'bigint').execute();
    await db.schema
      .alterTable('boards')
      .addColumn('include_archived', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('items').dropColumn('archived_at').execute();
    await db.schema.alterTable('boards').dropColumn('include_archived').execute();
  },
};
