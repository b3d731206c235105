import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `boards.item_seq`: a per-board counter taken (and its row locked) by each transaction that changes the
 * board's items; `items.change_seq`: the counter's value when the item last changed. A loaded board
 * then reads only the items changed since, instead of all of them after every move.
 */
export const itemChanges = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('boards')
      .addColumn('item_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('items')
      .addColumn('change_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('items_board_change')
      .on('items')
      .columns(['board_id', 'change_seq'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('items_board_change').execute();
    await db.schema.alterTable('items').dropColumn('change_seq').execute();
    await db.schema.alterTable('boards').dropColumn('item_seq').execute();
  },
};
