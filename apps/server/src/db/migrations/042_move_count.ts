import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../connection.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * `boards.move_count`: how many moves (`transitions` rows) the board has, kept by triggers on every
 * insert and delete, whatever writes them (the writer, the demo reset, a cascade, a hand-made fix). A
 * refresh of a loaded board compares it with the moves it holds instead of counting a million rows
 * (move-log/load-moves.ts `refreshBoardData`). PostgreSQL: per statement, through the transition
 * tables, so that a bulk insert updates each board once; SQLite has row triggers only.
 */
export function moveCount(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('boards')
        .addColumn('move_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
      await sql`UPDATE boards SET move_count = (SELECT count(*) FROM transitions t WHERE t.board_id = boards.id)`.execute(
        db,
      );
    },
    async down(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`DROP TRIGGER IF EXISTS transitions_counted_in ON transitions`.execute(db);
        await sql`DROP TRIGGER IF EXISTS transitions_counted_out ON transitions`.execute(db);
        await sql`DROP FUNCTION IF EXISTS count_moves_in()`.execute(db);
        await sql`DROP FUNCTION IF EXISTS count_moves_out()`.execute(db);
      } else {
        await sql`DROP TRIGGER IF EXISTS transitions_counted_in`.execute(db);
        await sql`DROP TRIGGER IF EXISTS transitions_counted_out`.execute(db);
      }
      await db.schema.alterTable('boards').dropColumn('move_count').execute();
    },
  };
}

async function sqliteTriggers(db: AnyDb) {
  await sql`CREATE TRIGGER transitions_counted_in AFTER INSERT ON transitions BEGIN
    UPDATE boards SET move_count = move_count + 1 WHERE id = NEW.board_id; END`.execute(db);
  await sql`CREATE TRIGGER transitions_counted_out AFTER DELETE ON transitions BEGIN
    UPDATE boards SET move_count = move_count - 1 WHERE id = OLD.board_id; END`.execute(db);
}

async function postgresTriggers(db: AnyDb) {
  await sql`CREATE FUNCTION count_moves_in() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    UPDATE boards b SET move_count = b.move_count + a.n
      FROM (SELECT board_id, count(*) AS n FROM added GROUP BY board_id) a WHERE b.id = a.board_id;
    RETURN NULL; END $$`.execute(db);
  await sql`CREATE FUNCTION count_moves_out() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    UPDATE boards b SET move_count = b.move_count - r.n
      FROM (SELECT board_id, count(*) AS n FROM removed GROUP BY board_id) r WHERE b.id = r.board_id;
    RETURN NULL; END $$`.execute(db);
  await sql`CREATE TRIGGER transitions_counted_in AFTER INSERT ON transitions
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_moves_in()`.execute(db);
  await sql`CREATE TRIGGER transitions_counted_out AFTER DELETE ON transitions
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_moves_out()`.execute(db);
}
