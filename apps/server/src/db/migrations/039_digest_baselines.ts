import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `digest_baselines` (apps/server/src/notifications/baselines.ts; docs/metrics.md, "Digest: parents that
 * slipped, types whose cycle time grew"): what a board's digest of a week (`period`, its Monday) read, so
 * the next week's can say what moved: each parent's 85 % forecast date (`kind` 'parent', `key` its item id,
 * `value` YYYY-MM-DD) and each issue type's p85 cycle time (`kind` 'type', `key` the type, `value` days).
 * Written once per board and week (the first digest composed), read by the week after.
 */
export const digestBaselines = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('digest_baselines')
      .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('recorded_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('digest_baselines_pk', ['board_id', 'period', 'kind', 'key'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('digest_baselines').execute();
  },
};
