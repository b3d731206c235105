import { sql } from 'kysely';
import pg from 'pg';

const MARK = '/* prepared */';

/**
 * Appended to a query (`.modifyEnd(PREPARED)`) to have PostgreSQL prepare it once per connection. For the
 * hot reads every warm request makes, whose text never varies: preparing everything that repeats made
 * webhook ingestion 15–30 % slower (generic plans for the batches' statements), so it is opt-in.
 * A comment: SQLite and an unprepared run read it as nothing.
 */
export const PREPARED = sql.raw(MARK);

/** Whether a query's text is marked `PREPARED`. */
export const isPrepared = (text: string) => text.endsWith(MARK);

/** Statements a connection prepares at most (PostgreSQL keeps each until the connection ends). */
const PREPARED_PER_CONNECTION = 50;

/** PostgreSQL's answer to a prepared statement whose tables changed shape (a migration) since it was prepared. */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(`${error}`);

/**
 * node-postgres sends each query unnamed, so PostgreSQL parses and plans it every time: the analysis access
 * check (one statement, four tables) cost the database ~230 µs a request that way and ~30 µs prepared. This
 * client names the queries marked `PREPARED`, so PostgreSQL prepares each once per connection. A prepared
 * statement that a migration made stale is dropped for a new name, and retried at once outside a
 * transaction. Turned off by `DATABASE_PREPARED_STATEMENTS=off` (e.g. behind a pgbouncer in transaction
 * mode older than 1.21, where a connection's statements are not the next query's).
 */
export class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>();
  readonly #described = new Map<string, Description>();
  #nextName = 0;

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has a dozen overloads; only (text, values) is changed
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined) {
      return super.query(config, values, callback);
    }
    const name = this.#nameFor(config);
    if (!name) return super.query(config, values);
    const idle = this.getTransactionStatus() === 'I';
    const query = new DescribedOnceQuery({ name, text: config, values }, this.#described);
    const answered = new Promise((resolve, reject) => {
      query.callback = (error, result) => (error ? reject(error) : resolve(result));
    });
    super.query(query as unknown as pg.Query);
    return answered.catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      this.#names.delete(config);
      this.#described.delete(name);
      if (!idle) throw error;
      return super.query(config, values);
    });
  }

  #nameFor(text: string): string | undefined {
    if (!isPrepared(text)) return undefined;
    const named = this.#names.get(text);
    if (named || this.#nextName >= PREPARED_PER_CONNECTION) return named;
    const name = `fluxion_${this.#nextName++}`;
    this.#names.set(text, name);
    return name;
  }
}

/** How node-postgres reads a statement's rows (its `Result`'s fields, their parsers, the empty row it copies). */
type Description = { fields: unknown[]; parsers: unknown[]; emptyRow: object };

/** The node-postgres internals `DescribedOnceQuery` reads and sets (pg/lib/query.js, result.js). */
type QueryInternals = {
  name: string;
  portal: string;
  values: unknown[];
  binary: boolean | undefined;
  rows: number | undefined;
  callback: (error: Error | undefined, result: unknown) => void;
  _accumulateRows: boolean;
  _result: { fields: unknown[]; _parsers: unknown[]; _prebuiltEmptyResultObject: object };
  hasBeenParsed(connection: unknown): boolean;
  handleError(error: unknown, connection: unknown): void;
  _getRows(connection: unknown, rows: number | undefined): void;
};

type Connection = {
  bind(config: object): void;
  close(config: object): void;
  sync(): void;
};

const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils;

const PgQuery = pg.Query as unknown as new (
  config: object,
) => QueryInternals & {
  prepare(connection: Connection): void;
  handleRowDescription(message: unknown): void;
};

/**
 * A prepared statement's columns never change for the statement's life (PostgreSQL refuses to run it once
 * its tables' change would change them: `isStalePlan`), yet node-postgres asks for them at every run (a
 * Describe) and builds their description again from the answer: for the access check's 20 columns, that
 * was 6.7 of the 18.4 kB a warm answer's access check allocated, and a message more for PostgreSQL to
 * write. This query asks once per connection and statement, and runs it again with the description it kept.
 */
class DescribedOnceQuery extends PgQuery {
  readonly #described: Map<string, Description>;

  constructor(
    config: { name: string; text: string; values: unknown[] },
    described: Map<string, Description>,
  ) {
    super(config);
    this.#described = described;
  }

  override prepare(connection: Connection): void {
    const known = this.#described.get(this.name);
    if (!known || !this.hasBeenParsed(connection)) {
      super.prepare(connection);
      return;
    }
    try {
      connection.bind({
        portal: this.portal,
        statement: this.name,
        values: this.values,
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      // As node-postgres does with a value it cannot send.
      connection.close({ type: 'S', name: this.name });
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    this._result.fields = known.fields;
    this._result._parsers = known.parsers;
    this._result._prebuiltEmptyResultObject = known.emptyRow;
    this._accumulateRows = true;
    this._getRows(connection, this.rows);
  }

  override handleRowDescription(message: unknown): void {
    super.handleRowDescription(message);
    const { fields, _parsers, _prebuiltEmptyResultObject } = this._result;
    this.#described.set(this.name, { fields, parsers: _parsers, emptyRow: _prebuiltEmptyResultObject });
  }
}
