import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * Sub-issues, issue types and dependencies (issue 36; docs/metrics.md, "Dependency blocking"):
 * - `items.content_id`: GitHub's node id of the item's issue or pull request (webhooks about an issue find
 *   its items by it); `items.relations`: JSON of its type, parent, sub-issue counts and blocking issues as
 *   the last listing read them; null until one did (or on a host without them).
 * - `dependency_changes`: when each issue blocking an item started (`blocking` 1: the dependency was added,
 *   or its blocking issue reopened) and stopped (0: removed, or the blocking issue closed) blocking it, with
 *   the blocking issue as then known (`blocker`, JSON). One row per change: the key makes a repeated
 *   listing or a webhook delivered twice write it once.
 */
export const issueRelations = {
  async up(db: AnyDb) {
    await db.schema.alterTable('items').addColumn('content_id', 'text').execute();
    await db.schema.alterTable('items').addColumn('relations', 'text').execute();
    await db.schema.createIndex('items_by_content').on('items').column('content_id').execute();
    await db.schema
      .createTable('dependency_changes')
      .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('blocking_id', 'text', (c) => c.notNull())
      .addColumn('blocking', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('blocker', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('recorded_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('dependency_changes_once', [
        'board_id',
        'item_id',
        'blocking_id',
        'at',
        'blocking',
      ])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('dependency_changes').execute();
    await db.schema.dropIndex('items_by_content').execute();
    await db.schema.alterTable('items').dropColumn('relations').execute();
    await db.schema.alterTable('items').dropColumn('content_id').execute();
  },
};
