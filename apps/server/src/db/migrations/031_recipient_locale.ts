import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * The locale a user reads their digests and alerts in (a BCP 47 tag: their browser's when they last
 * saved the board's notification settings); null: not known yet, read as en-US (contract/format.ts).
 */
export const recipientLocale = {
  async up(db: AnyDb) {
    await db.schema.alterTable('notification_preferences').addColumn('locale', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('notification_preferences').dropColumn('locale').execute();
  },
};
