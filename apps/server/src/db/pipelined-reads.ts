import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type PostgresDialectConfig,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { isPrepared } from './postgres-statements.ts';
import { READ_TIMEOUT_MESSAGE } from './unavailable.ts';

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * The queries marked `PREPARED` that run outside a transaction (the hot reads every warm request makes: the
 * analysis access check, the sign-in check) go to one connection in pipeline mode instead of the pool: each
 * is written at once, without waiting for the answers before it, and answered in order. Checking a pool
 * connection out and back in (pg-pool's promises, queue and idle timer), one connection's round trip at a
 * time, cost the access check ~100 µs of the server's CPU a request with 32 in flight, pipelined ~40
 * (docs/performance.md, "Warm answers"). Each query still runs on its own (its own Sync): an error fails
 * that query only. The connection is opened at the first such query, and again after it is lost (the
 * queries in flight then fail, as on a pooled connection: 503, db/unavailable.ts) or closed because a query
 * went unanswered too long (`query_timeout`, connection.ts).
 */
export class PipelinedReads {
  #client: pg.Client | undefined;
  readonly #open: () => pg.Client;
  readonly #onLost: (client: pg.Client, error: Error) => void;

  /** `open`: a client not yet connected, configured with `pipeline: true`. */
  constructor(open: () => pg.Client, onLost: (client: pg.Client, error: Error) => void) {
    this.#open = open;
    this.#onLost = onLost;
  }

  async execute<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const client = this.#live();
    try {
      const { command, rowCount, rows } = await client.query(query.sql, [...query.parameters]);
      return WRITES.has(command) ? { rows, numAffectedRows: BigInt(rowCount ?? 0) } : { rows };
    } catch (error) {
      // pg destroys a pipelined connection whose query went unanswered in time, and reports its end only
      // later: a query sent to it meanwhile failed with "Connection terminated unexpectedly" (CI, on a
      // loaded machine). The next query opens a new connection at once.
      if ((error as Error).message === READ_TIMEOUT_MESSAGE) this.#forget(client);
      throw error;
    }
  }

  /** Opens the connection now if it is not open (the first query would otherwise wait for it). */
  async open(): Promise<void> {
    await this.#live().query('SELECT 1');
  }

  async end(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #live(): pg.Client {
    if (this.#client) return this.#client;
    const client = this.#open();
    client.on('error', (error) => {
      this.#forget(client);
      this.#onLost(client, error);
    });
    client.on('end', () => this.#forget(client));
    // Queries wait in the client until it is connected; a failed connect fails them (its 'end').
    client.connect().catch(() => this.#forget(client));
    this.#client = client;
    return client;
  }

  #forget(client: pg.Client): void {
    if (this.#client === client) this.#client = undefined;
  }
}

/** PostgreSQL's dialect with the hot reads pipelined (`PipelinedReads`); the rest as Kysely's. */
export class PipelinedReadsDialect extends PostgresDialect {
  readonly #reads: PipelinedReads;

  constructor(config: PostgresDialectConfig, reads: PipelinedReads) {
    super(config);
    this.#reads = reads;
  }

  override createDriver(): Driver {
    return new PipelinedReadsDriver(super.createDriver(), this.#reads);
  }
}

/**
 * Hands out a connection that takes a pool connection only when a query needs one: a marked query run first
 * (`db.executeQuery`, or the first of `db.connection()`, where no session state can precede it) goes to the
 * pipelined connection; a transaction's `begin`, any other query, and everything after it, to the pool
 * connection taken then and kept until release.
 */
class PipelinedReadsDriver implements Driver {
  readonly #pool: Driver;
  readonly #reads: PipelinedReads;

  constructor(pool: Driver, reads: PipelinedReads) {
    this.#pool = pool;
    this.#reads = reads;
  }

  init = () => this.#pool.init();
  acquireConnection = async (): Promise<DatabaseConnection> =>
    new DeferredConnection(this.#pool, this.#reads);
  releaseConnection = (connection: DatabaseConnection) => (connection as DeferredConnection).release();

  beginTransaction = async (connection: DatabaseConnection, settings: TransactionSettings) =>
    this.#pool.beginTransaction(await pooled(connection), settings);
  commitTransaction = async (connection: DatabaseConnection) =>
    this.#pool.commitTransaction(await pooled(connection));
  rollbackTransaction = async (connection: DatabaseConnection) =>
    this.#pool.rollbackTransaction(await pooled(connection));
  savepoint: Driver['savepoint'] = async (connection, name, compile) =>
    this.#pool.savepoint?.(await pooled(connection), name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = async (connection, name, compile) =>
    this.#pool.rollbackToSavepoint?.(await pooled(connection), name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = async (connection, name, compile) =>
    this.#pool.releaseSavepoint?.(await pooled(connection), name, compile);

  destroy = async () => {
    await this.#reads.end();
    await this.#pool.destroy();
  };
}

const pooled = (connection: DatabaseConnection) => (connection as DeferredConnection).pooled();

class DeferredConnection implements DatabaseConnection {
  readonly #pool: Driver;
  readonly #reads: PipelinedReads;
  #pooled: Promise<DatabaseConnection> | undefined;

  constructor(pool: Driver, reads: PipelinedReads) {
    this.#pool = pool;
    this.#reads = reads;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#pooled && isPrepared(query.sql)) return this.#reads.execute<R>(query);
    return (await this.pooled()).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.pooled()).streamQuery<R>(query, chunkSize);
  }

  pooled(): Promise<DatabaseConnection> {
    this.#pooled ??= this.#pool.acquireConnection();
    return this.#pooled;
  }

  async release(): Promise<void> {
    // A pool connection that could not be had has nothing to give back (its query failed with that error).
    const connection = await this.#pooled?.catch(() => undefined);
    if (connection) await this.#pool.releaseConnection(connection);
  }
}
