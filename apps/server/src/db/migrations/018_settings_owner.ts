import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `boards.settings_user_id`: who may change the settings a board shares with everyone who tracks it (its
 * calendar, whether archived items count). Until now anyone tracking the board could; it starts as the
 * board's first tracker.
 */
export const settingsOwner = {
  async up(db: AnyDb) {
    await db.schema.alterTable('boards').addColumn('settings_user_id', 'text').execute();
    await sql`
      update boards set settings_user_id = (
        select t.user_id from tracked_projects t where t.board_id = boards.id
        order by t.added_at, t.user_id limit 1
      )`.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('boards').dropColumn('settings_user_id').execute();
  },
};
