import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `task_turns` (apps/server/src/leases/turns.ts, docs/operations.md "Capacity"): one row per task that
 * must run in one process at a time, once per period, however many processes share the database — the
 * planner of digests and alerts (its alert scan reads every board's Flow report), the seat sweep, the
 * installations' reconciling. `owner` holds it
 * until `lease_until` (a holder that dies is replaced once it lapses); `next_run_at` is when the task is
 * next due.
 */
export const taskTurns = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('task_turns')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('next_run_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('task_turns').execute();
  },
};
