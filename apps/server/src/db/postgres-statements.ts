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
  #nextName = 0;

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has a dozen overloads; only (text, values) is changed
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined) {
      return super.query(config, values, callback);
    }
    const name = this.#nameFor(config);
    if (!name) return super.query(config, values);
    const idle = this.getTransactionStatus() === 'I';
    return super.query({ name, text: config, values }).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      this.#names.delete(config);
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
