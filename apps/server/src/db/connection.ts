import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { registerCopyPool } from './copy-out.ts';
import { PipelinedReads, PipelinedReadsDialect } from './pipelined-reads.ts';
import { isPrepared, PreparingClient } from './postgres-statements.ts';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DbHandle = { db: Db; dialect: DialectName; close(): Promise<void> };

// int8 columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));

const CONNECT_TIMEOUT_MS = 5_000;
/**
 * A hot read unanswered this long fails, and the pipelined connection (every read behind it waiting) is
 * closed and opened again: as the pool's checkout timeout did, a request fails (503) rather than waits
 * for a database that does not answer.
 */
const PIPELINED_READ_TIMEOUT_MS = 10_000;
/** Prepared SQLite statements kept, by SQL text: the app's queries, and `IN` lists of a few lengths. */
const SQLITE_STATEMENTS = 500;

export type DbOptions = {
  databaseUrl: string | null;
  dataDir: string;
  sqliteFile?: string;
  poolSize?: number;
  /** PostgreSQL: prepare the queries marked `PREPARED` once per connection (postgres-statements.ts); default on. */
  preparedStatements?: boolean;
  /** PostgreSQL: how long a pipelined hot read may go unanswered (tests shorten it). */
  pipelinedReadTimeoutMs?: number;
};

export function openDatabase(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, {
      prepared: options.preparedStatements ?? true,
      readTimeoutMs: options.pipelinedReadTimeoutMs ?? PIPELINED_READ_TIMEOUT_MS,
    });
  }
  mkdirSync(options.dataDir, { recursive: true });
  return openSqlite(options.sqliteFile ?? join(options.dataDir, 'fluxion.sqlite'));
}

function openSqlite(file: string): DbHandle {
  ownerOnly(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const database = withStatementCache(sqlite, SQLITE_STATEMENTS);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely's SQLite driver prepares every query anew (a quarter of a webhook delivery's database time): this
 * keeps the last `max` statements by SQL text. SQLite prepares a kept statement again by itself after a
 * schema change. A statement still being iterated (a stream) is busy: a second one is prepared beside it.
 */
export function withStatementCache(sqlite: SQLite.Database, max: number): SqliteDatabase {
  const statements = new LRUCache<string, KeptStatement>({ max });
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const prepared = sqlite.prepare(sql);
      const statement = isPrepared(sql) && prepared.reader ? rowsMadeHere(prepared) : prepared;
      statements.set(sql, statement);
      return statement;
    },
  };
}

type KeptStatement = SqliteStatement & { readonly busy: boolean };

/**
 * A hot read (marked `PREPARED`: a warm answer's access check, the sign-in check) with its rows read from
 * SQLite as arrays and made objects here. better-sqlite3 builds a row object property by property through
 * V8's API: for the access check's one row of 20 columns that took longer than SQLite's five lookups.
 */
function rowsMadeHere(statement: SQLite.Statement): KeptStatement {
  const raw = statement.raw(true);
  const names = raw.columns().map((column) => column.name);
  const row = (values: unknown[]) => {
    const made: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) made[names[i] as string] = values[i];
    return made;
  };
  return {
    reader: true,
    get busy() {
      return raw.busy;
    },
    all: (parameters) => (raw.all(parameters) as unknown[][]).map(row),
    *iterate(parameters) {
      for (const values of raw.iterate(parameters) as IterableIterator<unknown[]>) yield row(values);
    },
    run: (parameters) => raw.run(parameters),
  };
}

/**
 * The database holds users' sealed GitHub tokens and everyone's boards: readable by its owner only, like
 * secrets.json. SQLite gives its -wal and -shm files the database file's mode.
 */
function ownerOnly(file: string): void {
  if (file === ':memory:') return;
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

function openPostgres(
  url: string,
  max: number,
  { prepared, readTimeoutMs }: { prepared: boolean; readTimeoutMs: number },
): DbHandle {
  // A connection that cannot be made in time fails the request (503) instead of leaving it waiting.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(prepared ? { Client: PreparingClient } : {}),
  });
  // A connection the server ends (restart, failover, pg_terminate_backend) is an 'error' event: on the pool
  // while idle, on the client while in use (in a transaction, between its queries). Unheard, either would
  // crash the process. The work in progress fails with its own error (answered 503, see unavailable.ts);
  // the pool drops the broken connection on release and opens a new one for the next query.
  pool.on('error', (error, client) => reportLostConnection(client, error));
  pool.on('connect', (client) => client.on('error', (error) => reportLostConnection(client, error)));
  // The hot reads (marked PREPARED) share one pipelined connection, unless statements are not to be prepared
  // (behind a transaction-mode pgbouncer, which may not pass a pipeline on whole either).
  const dialect = prepared
    ? new PipelinedReadsDialect(
        { pool },
        new PipelinedReads(
          () =>
            new PreparingClient({
              connectionString: url,
              connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
              pipeline: true,
              query_timeout: readTimeoutMs,
            }),
          reportLostConnection,
        ),
      )
    : new PostgresDialect({ pool });
  const db = new Kysely<Database>({ dialect });
  // Big bytea reads take a pool connection of their own for a binary COPY (copy-out.ts).
  registerCopyPool(db, pool);
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** One line per lost connection (its end reports the server's message, then "terminated unexpectedly"). */
const reported = new WeakSet<pg.Client>();
function reportLostConnection(client: pg.Client, error: Error): void {
  if (reported.has(client)) return;
  reported.add(client);
  console.warn(`PostgreSQL connection lost: ${error.message}`);
}
