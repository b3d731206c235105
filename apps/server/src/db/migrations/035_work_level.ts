import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * The level of work (docs/metrics.md, "Level of work"): `boards.work_level`, which items the analyses count
 * on a board with parents and children ('all', 'leaves', 'parents'); null: automatic (leaf items when the
 * board holds a parent with its children, else all). One setting per board, shared like the calendar.
 */
export const workLevel = {
  async up(db: AnyDb) {
    await db.schema.alterTable('boards').addColumn('work_level', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('boards').dropColumn('work_level').execute();
  },
};
