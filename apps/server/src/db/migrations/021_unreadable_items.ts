import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `boards.unreadable_items` and `boards.unreadable_reason`: how many items the last full
 * listing got from GitHub as `REDACTED` (content of repositories the reading token may not see), and why
 * ('repositories_not_selected': the App's installation leaves their repositories out; 'no_installation':
 * an organization's board read with a user's token; 'user_owned': a user-owned board, which the App
 * cannot read). Null until a full listing counted them.
 */
export const unreadableItems = {
  async up(db: AnyDb) {
    await db.schema.alterTable('boards').addColumn('unreadable_items', 'integer').execute();
    await db.schema.alterTable('boards').addColumn('unreadable_reason', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('boards').dropColumn('unreadable_reason').execute();
    await db.schema.alterTable('boards').dropColumn('unreadable_items').execute();
  },
};
