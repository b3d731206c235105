import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * GitHub's budget (docs/operations.md, The collector): the collector lists a board only when its `updatedAt`
 * on GitHub moved. `boards.github_updated_at`: the board's `updatedAt` as GitHub reported it before the last
 * listing; `synced_data_version`: the board's `data_version` when the collector last released it, so a change
 * recorded in between (only webhooks record between syncs) shows; `webhook_change_at`: when the
 * collector last found such a change. All null until the first sync that sets them.
 */
export const pollGate = {
  async up(db: AnyDb) {
    await db.schema.alterTable('boards').addColumn('github_updated_at', 'text').execute();
    await db.schema.alterTable('boards').addColumn('synced_data_version', 'bigint').execute();
    await db.schema.alterTable('boards').addColumn('webhook_change_at', 'bigint').execute();
  },
  async down(db: AnyDb) {
    for (const column of ['github_updated_at', 'synced_data_version', 'webhook_change_at'])
      await db.schema.alterTable('boards').dropColumn(column).execute();
  },
};
