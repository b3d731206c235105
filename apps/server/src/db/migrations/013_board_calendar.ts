import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `calendar`: the board's working calendar (JSON `{time_zone, weekends, holidays}`, docs/metrics.md §12),
 * one per board and shared by everyone who tracks it. Null: UTC, every day worked.
 */
export const boardCalendar = {
  async up(db: AnyDb) {
    await db.schema.alterTable('boards').addColumn('calendar', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('boards').dropColumn('calendar').execute();
  },
};
