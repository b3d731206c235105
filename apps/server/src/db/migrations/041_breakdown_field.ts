import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * The breakdown field (docs/metrics.md, "Breakdown"): `boards.breakdown_field`, the single-select field of
 * the board that Flow splits the work by, as JSON `{id, name}` (and `gone: true` once GitHub deleted it);
 * null: by issue type. Its values are kept in `field_value_changes`, filed under `breakdown:<id>`. One
 * setting per board, shared like the calendar.
 */
export const breakdownField = {
  async up(db: AnyDb) {
    await db.schema.alterTable('boards').addColumn('breakdown_field', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('boards').dropColumn('breakdown_field').execute();
  },
};
