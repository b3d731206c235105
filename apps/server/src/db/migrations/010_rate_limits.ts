import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * Hits per client address and route in the current window (apps/server/src/http/rate-limit-store.ts):
 * in the database, so that every replica counts against one limit.
 */
export const rateLimits = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('rate_limit_hits_window_idx')
      .on('rate_limit_hits')
      .column('window_ends_at')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('rate_limit_hits').execute();
  },
};
