import { LRUCache } from 'lru-cache';
import pg from 'pg';

/** A SQL text is prepared on a connection once it has run this many times there. */
const PREPARE_AFTER = 2;
/** Statements a connection prepares at most (PostgreSQL keeps each until the connection ends). */
const PREPARED_PER_CONNECTION = 200;
/** SQL texts whose runs a connection counts (one-off texts, such as `IN` lists of a new length, age out). */
const COUNTED_PER_CONNECTION = 1_000;
/**
 * Longer texts run unnamed and are not counted: multi-row inserts of a thousand rows are ~80 KB each, one
 * text per row count, and a prepared one holds its plan for thousands of parameters in the backend.
 */
const PREPARED_MAX_CHARS = 4_000;

/** PostgreSQL's answer to a prepared statement whose tables changed shape (a migration) since it was prepared. */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(`${error}`);

/**
 * node-postgres sends each query unnamed, so PostgreSQL parses and plans it every time: the analysis access
 * check (one statement, four tables) cost the database ~230 µs a request that way and ~30 µs prepared. This
 * client names the SQL texts that repeat on its connection, so PostgreSQL prepares each once. A prepared
 * statement that a migration made stale is dropped for a new name, and retried at once outside a
 * transaction. Turned off by `DATABASE_PREPARED_STATEMENTS=off` (e.g. behind a pgbouncer in transaction
 * mode older than 1.21, where a connection's statements are not the next query's).
 */
export class PreparingClient extends pg.Client {
  readonly #runs = new LRUCache<string, number>({ max: COUNTED_PER_CONNECTION });
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
    if (text.length > PREPARED_MAX_CHARS) return undefined;
    const named = this.#names.get(text);
    if (named) return named;
    const runs = (this.#runs.get(text) ?? 0) + 1;
    this.#runs.set(text, runs);
    if (runs < PREPARE_AFTER || this.#nextName >= PREPARED_PER_CONNECTION) return undefined;
    const name = `fluxion_${this.#nextName++}`;
    this.#names.set(text, name);
    this.#runs.delete(text);
    return name;
  }
}
