import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * A board's moves with after_id < id ≤ last_id, stored once more in the compact form the server holds
 * in memory (see apps/server/src/segments): a big board's first load reads a few blobs instead of a
 * million rows. Segment `seq` continues segment `seq - 1` (its after_id is that one's last_id).
 */
export function transitionSegments(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('transition_segments')
        .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('after_id', 'bigint', (c) => c.notNull())
        .addColumn('last_id', 'bigint', (c) => c.notNull())
        .addColumn('row_count', 'integer', (c) => c.notNull())
        .addColumn('payload', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('transition_segments_pk', ['board_id', 'seq'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('transition_segments').execute();
    },
  };
}
