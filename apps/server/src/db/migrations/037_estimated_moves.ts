import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * Reconstructed histories (docs/metrics.md):
 * - `transitions.basis`: the evidence an estimated move (source 'estimated') rests on: 'added' |
 *   'assigned' | 'closed' | 'reopened'; null for a recorded move;
 * - `boards.history_estimated_items`: of the partial items, those whose history the import reconstructed.
 */
export const estimatedMoves = {
  async up(db: AnyDb) {
    await db.schema.alterTable('transitions').addColumn('basis', 'text').execute();
    await db.schema.alterTable('boards').addColumn('history_estimated_items', 'integer').execute();
    // A board load reads its estimated moves apart: a partial index keeps that read off its other moves.
    await db.schema
      .createIndex('transitions_estimated')
      .on('transitions')
      .column('board_id')
      .where(sql.ref('source'), '=', 'estimated')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('transitions_estimated').execute();
    await db.schema.alterTable('boards').dropColumn('history_estimated_items').execute();
    await db.schema.alterTable('transitions').dropColumn('basis').execute();
  },
};
