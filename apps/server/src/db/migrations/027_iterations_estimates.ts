import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * Iterations and estimates (docs/metrics.md, "Iterations and estimates"):
 * - `board_plan_fields`: per board, its Iteration field (id, name, and its iterations as JSON
 *   `[{id, title, startDate, duration}]`, completed ones too) and the Number field the team chose as the
 *   estimate (null: none, the default);
 * - `item_plan_changes`: what an item's iteration and estimate became, when (`at`) and how it was learnt
 *   (`source`: 'poll', 'demo'). The first row of an item is its plan when first seen.
 */
export const iterationsEstimates = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('board_plan_fields')
      .addColumn('board_id', 'text', (c) => c.primaryKey().references('boards.id').onDelete('cascade'))
      .addColumn('iteration_field_id', 'text')
      .addColumn('iteration_field_name', 'text')
      .addColumn('iterations', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('estimate_field_id', 'text')
      .addColumn('estimate_field_name', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('item_plan_changes')
      .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('iteration_id', 'text')
      .addColumn('estimate', 'double precision')
      .addColumn('source', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('item_plan_changes_once', ['board_id', 'item_id', 'at'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('item_plan_changes').execute();
    await db.schema.dropTable('board_plan_fields').execute();
  },
};
