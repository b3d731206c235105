import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DbHandle = { db: Db; dialect: DialectName; close(): Promise<void> };

// int8 columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));

export type DbOptions = {
  databaseUrl: string | null;
  dataDir: string;
  sqliteFile?: string;
  poolSize?: number;
};

export function openDatabase(options: DbOptions): DbHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  mkdirSync(options.dataDir, { recursive: true });
  return openSqlite(options.sqliteFile ?? join(options.dataDir, 'fluxion.sqlite'));
}

function openSqlite(file: string): DbHandle {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

function openPostgres(url: string, max: number): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (restart, failover) is an 'error' event on the pool; unheard, it
  // would crash the process. The pool replaces the connection; the next query reports real trouble.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
