import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/** Old name → new name: the tables of migration 027, and on PostgreSQL the constraints named after them. */
const TABLES = [
  ['board_plan_fields', 'board_iteration_fields'],
  ['item_plan_changes', 'item_iteration_changes'],
] as const;
const POSTGRES_CONSTRAINTS = [
  ['board_iteration_fields', 'board_plan_fields_pkey', 'board_iteration_fields_pkey'],
  ['board_iteration_fields', 'board_plan_fields_board_id_fkey', 'board_iteration_fields_board_id_fkey'],
  ['item_iteration_changes', 'item_plan_changes_once', 'item_iteration_changes_once'],
  ['item_iteration_changes', 'item_plan_changes_board_id_fkey', 'item_iteration_changes_board_id_fkey'],
] as const;

/**
 * "Plan" names a subscription only (a personal or team plan): the iterations' tables take the glossary's
 * word (ARCHITECTURE.md, "Words"). A rename keeps every row on both databases. SQLite keeps the primary
 * key's old name inside the table's definition, where nothing reads it.
 */
export function iterationNames(dialect: DialectName) {
  /** The constraints are renamed while their tables have the new names: after the tables going up, before going down. */
  async function renameConstraints(db: AnyDb, direction: 'up' | 'down') {
    if (dialect !== 'postgres') return;
    for (const [table, before, after] of POSTGRES_CONSTRAINTS) {
      const [from, to] = direction === 'up' ? [before, after] : [after, before];
      await sql`alter table ${sql.table(table)} rename constraint ${sql.id(from)} to ${sql.id(to)}`.execute(
        db,
      );
    }
  }
  async function renameTables(db: AnyDb, direction: 'up' | 'down') {
    for (const [before, after] of TABLES) {
      const [from, to] = direction === 'up' ? [before, after] : [after, before];
      await db.schema.alterTable(from).renameTo(to).execute();
    }
  }
  return {
    async up(db: AnyDb) {
      await renameTables(db, 'up');
      await renameConstraints(db, 'up');
    },
    async down(db: AnyDb) {
      await renameConstraints(db, 'down');
      await renameTables(db, 'down');
    },
  };
}
