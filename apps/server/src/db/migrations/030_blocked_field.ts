import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * The history of the board field a team names as its blocked marker (docs/metrics.md, "Blocked time";
 * the field itself is `blocked_field` in `boards.flow_policies`): each value an item's `field` took
 * (`value` '' when cleared), from when (`at`) and how it was learnt (`source`: 'poll', 'webhook').
 * One row per change: the key makes a repeated listing or a poll racing a webhook write it once.
 */
export const blockedField = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('field_value_changes')
      .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('recorded_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('field_value_changes_once', ['board_id', 'item_id', 'field', 'at', 'value'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('field_value_changes').execute();
  },
};
