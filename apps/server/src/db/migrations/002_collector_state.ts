import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `data_version`: bumped with every recorded change of a board, so analyses can be cached safely.
 * `last_full_sync_at`: incremental polls cannot see deleted items, so full listings run regularly.
 * `backfilled_at`: the best-effort history import runs once per board.
 */
export const collectorState = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('boards')
      .addColumn('data_version', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('boards').addColumn('last_full_sync_at', 'bigint').execute();
    await db.schema.alterTable('boards').addColumn('backfilled_at', 'bigint').execute();
  },
  async down(db: AnyDb) {
    for (const column of ['backfilled_at', 'last_full_sync_at', 'data_version']) {
      await db.schema.alterTable('boards').dropColumn(column).execute();
    }
  },
};
