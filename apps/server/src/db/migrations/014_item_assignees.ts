import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `items.assignees`: JSON array of the assigned users' logins, for the assignee filter (metrics.md §13); null
 * until a listing reports them (webhooks do not).
 */
export const itemAssignees = {
  async up(db: AnyDb) {
    await db.schema.alterTable('items').addColumn('assignees', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('items').dropColumn('assignees').execute();
  },
};
