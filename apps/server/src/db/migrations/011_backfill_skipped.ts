import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `backfill_skipped`: why a board's past moves could not be imported, shown to its users; null when they
 * were (or will be). 'no_timeline_events': the GitHub host's issue timelines lack Projects (v2) events.
 */
export const backfillSkipped = {
  async up(db: AnyDb) {
    await db.schema.alterTable('boards').addColumn('backfill_skipped', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('boards').dropColumn('backfill_skipped').execute();
  },
};
