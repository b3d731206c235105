import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * The workflow field per board and the gaps of its imported history.
 * - `boards.workflow_field_id`, `boards.workflow_field_name`: the single-select field whose options are
 *   the board's columns (GitHub's node id, and its name as last read: the GraphQL item listing asks the
 *   value by name). Null on boards added before: the field named Status, whose id the next full listing
 *   stores.
 * - `boards.history_items`, `boards.history_partial_items`: how many items the history import covered,
 *   and how many of them had a history that disagreed with GitHub's current value (null until imported).
 * - `items.history_partial_before`: the instant before which the item's imported history is partial
 *   (when it entered its current column, from the field value's `updatedAt`); null: complete.
 */
export const workflowField = {
  async up(db: AnyDb) {
    await db.schema.alterTable('boards').addColumn('workflow_field_id', 'text').execute();
    await db.schema.alterTable('boards').addColumn('workflow_field_name', 'text').execute();
    await db.schema.alterTable('boards').addColumn('history_items', 'integer').execute();
    await db.schema.alterTable('boards').addColumn('history_partial_items', 'integer').execute();
    await db.schema.alterTable('items').addColumn('history_partial_before', 'bigint').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('items').dropColumn('history_partial_before').execute();
    await db.schema.alterTable('boards').dropColumn('history_partial_items').execute();
    await db.schema.alterTable('boards').dropColumn('history_items').execute();
    await db.schema.alterTable('boards').dropColumn('workflow_field_name').execute();
    await db.schema.alterTable('boards').dropColumn('workflow_field_id').execute();
  },
};
