import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `tracked_projects.column_classification`: the user's productive/waiting lists for the board's columns,
 * as JSON text (`{"productive": [...], "waiting": [...]}`); null keeps the guess from the column names.
 * Per user, like the iteration length and the cycle-start column.
 */
export const columnClassification = {
  async up(db: AnyDb) {
    await db.schema.alterTable('tracked_projects').addColumn('column_classification', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('tracked_projects').dropColumn('column_classification').execute();
  },
};
