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
export type DbHandle = {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
  /** Opens ahead the connections a request would otherwise wait for (PostgreSQL; nothing on SQLite). */
  openConnections(): Promise<void>;
};

// int8 columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));

const CONNECT_TIMEOUT_MS = 5_000;
/**
 * Pool connections kept open however long the server is idle, and opened at its start
 * (`openConnections`): a board's first load reads its moves (a COPY on a connection of its own) beside its
 * items and its other rows, and a request that had to open them waited ~10-40 ms for each on a 2-core
 * machine (docs/performance.md, "Cold answers"). Beyond these, idle connections close after pg-pool's 10 s.
 */
const KEPT_CONNECTIONS = 3;
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
  return { db, dialect: 'sqlite', close: () => db.destroy(), openConnections: async () => {} };
}

/**
 * Kysely's SQLite driver prepares every query anew (a quarter of a webhook delivery's database time): this
 * keeps the last `max` statements by SQL text. SQLite prepares a kept statement again by itself after a
 * schema change. A statement still being iterated (a stream) is busy: a second one is prepared beside it.
 * The hot reads (marked `PREPARED`) answer their rows again while the database is unchanged (`UnchangedReads`).
 */
export function withStatementCache(sqlite: SQLite.Database, max: number): SqliteDatabase {
  const statements = new LRUCache<string, KeptStatement>({ max });
  const unchanged = new UnchangedReads(sqlite);
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement || statement.busy) {
        const prepared = sqlite.prepare(sql);
        statement = isPrepared(sql) && prepared.reader ? hotRead(sql, prepared, unchanged) : prepared;
        statements.set(sql, statement);
      }
      // Kysely prepares each statement it runs, just before running it.
      if (!statement.readonly) unchanged.changing();
      return statement;
    },
  };
}

type KeptStatement = SqliteStatement & { readonly busy: boolean; readonly readonly: boolean };

/**
 * A hot read (marked `PREPARED`: a warm answer's access check, the sign-in check) with its rows read from
 * SQLite as arrays and made objects here. better-sqlite3 builds a row object property by property through
 * V8's API: for the access check's one row of 20 columns that took longer than SQLite's five lookups.
 * Its rows are kept and answered again while the database is unchanged (frozen: every caller shares them).
 */
function hotRead(sql: string, statement: SQLite.Statement, unchanged: UnchangedReads): KeptStatement {
  const raw = statement.raw(true);
  const names = raw.columns().map((column) => column.name);
  const row = (values: unknown[]) => {
    const made: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) made[names[i] as string] = values[i];
    return Object.freeze(made);
  };
  const read = (parameters: readonly unknown[]) =>
    Object.freeze((raw.all(parameters) as unknown[][]).map(row));
  return {
    reader: true,
    readonly: statement.readonly,
    get busy() {
      return raw.busy;
    },
    // A read that may write (RETURNING) is never kept.
    all: (parameters) =>
      (statement.readonly ? unchanged.rows(sql, parameters, read) : read(parameters)) as unknown[],
    *iterate(parameters) {
      for (const values of raw.iterate(parameters) as IterableIterator<unknown[]>) yield row(values);
    },
    run: (parameters) => raw.run(parameters),
  };
}

/** Rows kept a hot read at most (the parameters of the sign-ins and boards asked since the last change). */
const ROWS_KEPT = 10_000;

/**
 * Whether the database may have changed since a read, for the hot reads' rows kept (`hotRead`): a warm
 * answer asks for the same access check's row again and again, and SQLite's lookups were a seventh of its
 * CPU. The rows are answered again only while (a) this connection prepared no statement that may write
 * (Kysely prepares each statement it runs: counted before it runs), and (b) SQLite's `data_version` is the
 * same: it changes when any other connection, in this process or another, committed (a logout or a
 * revocation written by another replica or the collector's process takes effect at the next request, as
 * before). Reads inside a transaction are neither answered from nor kept: they may see its own writes,
 * which a rollback undoes without a write of its own. Any change forgets every row kept.
 */
class UnchangedReads {
  readonly #sqlite: SQLite.Database;
  readonly #dataVersion: SQLite.Statement;
  #writes = 0;
  #readAt = { writes: -1, dataVersion: -1 };
  /** By statement, by parameters. */
  readonly #kept = new Map<string, Map<string, readonly unknown[]>>();

  constructor(sqlite: SQLite.Database) {
    this.#sqlite = sqlite;
    this.#dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  }

  /** This connection is about to run a statement that may write. */
  changing(): void {
    this.#writes++;
  }

  rows(
    sql: string,
    parameters: readonly unknown[],
    read: (parameters: readonly unknown[]) => readonly unknown[],
  ): readonly unknown[] {
    if (this.#sqlite.inTransaction) return read(parameters);
    const dataVersion = this.#dataVersion.get() as number;
    if (dataVersion !== this.#readAt.dataVersion || this.#writes !== this.#readAt.writes) {
      this.#kept.clear();
      this.#readAt = { writes: this.#writes, dataVersion };
    }
    let bySql = this.#kept.get(sql);
    if (!bySql) {
      bySql = new Map();
      this.#kept.set(sql, bySql);
    }
    // JSON: a null, a number and a text stay apart, and no text can pass for several parameters.
    const key = JSON.stringify(parameters);
    let rows = bySql.get(key);
    if (!rows) {
      rows = read(parameters);
      if (bySql.size >= ROWS_KEPT) bySql.clear();
      bySql.set(key, rows);
    }
    return rows;
  }
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
  const kept = Math.min(KEPT_CONNECTIONS, max);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    min: kept,
    // Idle connections do not hold a process open: the kept ones are never closed by the idle timeout, so
    // a process that ends without closing its handle (a script, the bench's seeding) would never exit.
    allowExitOnIdle: true,
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
  const reads = prepared
    ? new PipelinedReads(
        () =>
          new PreparingClient({
            connectionString: url,
            connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
            pipeline: true,
            query_timeout: readTimeoutMs,
          }),
        reportLostConnection,
      )
    : null;
  const dialect = reads ? new PipelinedReadsDialect({ pool }, reads) : new PostgresDialect({ pool });
  const db = new Kysely<Database>({ dialect });
  // Big bytea reads take a pool connection of their own for a binary COPY (copy-out.ts).
  registerCopyPool(db, pool);
  const openConnections = async () => {
    // Each one opened is given back, even when another failed (else the pool would count it in use forever).
    const opened = await Promise.allSettled(Array.from({ length: kept }, () => pool.connect()));
    for (const result of opened) if (result.status === 'fulfilled') result.value.release();
    const failed = opened.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    await reads?.open();
  };
  return { db, dialect: 'postgres', close: () => db.destroy(), openConnections };
}

/** One line per lost connection (its end reports the server's message, then "terminated unexpectedly"). */
const reported = new WeakSet<pg.Client>();
function reportLostConnection(client: pg.Client, error: Error): void {
  if (reported.has(client)) return;
  reported.add(client);
  console.warn(`PostgreSQL connection lost: ${error.message}`);
}
