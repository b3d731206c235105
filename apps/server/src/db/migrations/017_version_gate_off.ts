import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `boards.version_gate_off`: 1 once a listing showed a Status change that GitHub's board `updatedAt` had
 * not followed (collector/schedule.ts `updatedAtLags`): the board is then listed every poll, as before
 * the gate, instead of trusting `updatedAt`.
 */
export const versionGateOff = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('boards')
      .addColumn('version_gate_off', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('boards').dropColumn('version_gate_off').execute();
  },
};
