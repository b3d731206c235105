import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * An item snapshot's titles and URLs in a column of their own (`texts`), after the rest (move-log/
 * item-snapshots.ts): half of a big board's snapshot, which an analysis reads only when its viewer may
 * read some item's content. SQLite reads no column after the ones selected and PostgreSQL fetches only
 * the selected columns' TOAST chunks, so a viewer who may read none of the items reads neither. Null for
 * snapshots written before (their texts are within `items` / `payload`, and still read).
 */
export const itemSnapshotTexts = {
  async up(db: AnyDb) {
    await db.schema.alterTable('board_snapshot_items').addColumn('texts', 'text').execute();
    await db.schema.alterTable('item_snapshots').addColumn('texts', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('item_snapshots').dropColumn('texts').execute();
    await db.schema.alterTable('board_snapshot_items').dropColumn('texts').execute();
  },
};
