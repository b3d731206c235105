import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * A board's flow policies and the label history that blocked time is read from (docs/metrics.md,
 * "Service Level Expectation", "WIP limits", "Blocked time"):
 * - `boards.flow_policies`: JSON `{sle, wip_limits, blocked_label}` shared by everyone who tracks the
 *   board (null: no SLE set, no WIP limit, the label `blocked`);
 * - `label_changes`: each label put on (`added` 1) or taken off (0) an item, when (`at`) and how it was
 *   learnt (`source`: 'poll', 'webhook', 'timeline', 'demo'). One row per change: the key makes a
 *   repeated import or a poll racing a webhook write it once.
 */
export const flowPolicies = {
  async up(db: AnyDb) {
    await db.schema.alterTable('boards').addColumn('flow_policies', 'text').execute();
    await db.schema
      .createTable('label_changes')
      .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('added', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('recorded_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('label_changes_once', ['board_id', 'item_id', 'label', 'at', 'added'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('label_changes').execute();
    await db.schema.alterTable('boards').dropColumn('flow_policies').execute();
  },
};
