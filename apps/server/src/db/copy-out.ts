import pg from 'pg';
import type { Db } from './connection.ts';

/**
 * Rows as raw bytes from PostgreSQL: `COPY (query) TO STDOUT (FORMAT binary)` on a pool connection.
 * node-postgres 8 decodes every field of an ordinary row as UTF-8 text (so a bytea comes as hex, and
 * `binary: true` corrupts bytes), but hands a COPY's data on as the bytes received: a big bytea read this
 * way costs a copy, not a hex or base64 decoding (docs/performance.md, "Cold answers").
 */

/** The pool of each PostgreSQL Kysely made by `openDatabase` (a transaction's Kysely has none). */
const pools = new WeakMap<Db, pg.Pool>();

export function registerCopyPool(db: Db, pool: pg.Pool): void {
  pools.set(db, pool);
}

/**
 * One row's fields (null for SQL NULL) as views on the driver's buffer, valid only during the call: a
 * reader copies what it keeps.
 */
export type CopyRow = (fields: (Buffer | null)[]) => void;

/**
 * Runs `query` (a SELECT whose values are already literals: COPY takes no parameters) as a binary COPY,
 * handing each row to `onRow` in order; resolves with the number of rows. Null when `db` is not a
 * PostgreSQL Kysely of `openDatabase` (SQLite, or a transaction's): then the caller reads as it would.
 */
export function copyRowsOut(db: Db, query: string, onRow: CopyRow): Promise<number> | null {
  const pool = pools.get(db);
  if (!pool) return null;
  return (async () => {
    const client = await pool.connect();
    const copy = new BinaryCopy(`COPY (${query}) TO STDOUT (FORMAT binary)`, onRow);
    try {
      client.query(copy);
      const rows = await copy.done;
      client.release();
      return rows;
    } catch (error) {
      // A connection lost mid-copy is dropped by the pool; after an error PostgreSQL answered, it is
      // ready for the next query again.
      client.release(copy.lost ? (error as Error) : undefined);
      throw error;
    }
  })();
}

export class CopyFormatError extends Error {}

/** The binary COPY's header: its signature, flags (none known to us may be set) and extension length. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER = SIGNATURE.length + 8;

/**
 * A node-postgres submittable (the interface pg-copy-streams uses) reading a binary COPY. PostgreSQL
 * sends one CopyData message per row (the protocol's "always one per row"; the file header comes with
 * the first, the trailer alone), and node-postgres hands each message whole (`handleCopyData`), so a
 * message is parsed on its own: a row never spans two.
 */
class BinaryCopy implements pg.Submittable {
  readonly done: Promise<number>;
  /** Whether the connection itself failed (then it is not given back to the pool as usable). */
  lost = false;
  #resolve!: (rows: number) => void;
  #reject!: (error: Error) => void;
  #rows = 0;
  #header = false;
  #ended = false;
  #failed: Error | null = null;

  constructor(
    readonly text: string,
    readonly onRow: CopyRow,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  submit(connection: pg.Connection): void {
    (connection as unknown as { query(text: string): void }).query(this.text);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    if (this.#failed) return;
    try {
      this.#message(message.chunk);
    } catch (error) {
      // Read on to the end of the COPY (the connection stays in step), then fail.
      this.#failed = error as Error;
    }
  }

  #message(bytes: Buffer): void {
    let at = 0;
    if (!this.#header) {
      if (bytes.length < HEADER || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE))
        throw new CopyFormatError('not a binary COPY');
      at = HEADER + bytes.readUInt32BE(SIGNATURE.length + 4);
      this.#header = true;
      if (at === bytes.length) return; // a header sent alone
    }
    if (this.#ended) throw new CopyFormatError('data after the trailer');
    const count = bytes.readInt16BE(at);
    at += 2;
    if (count === -1) {
      this.#ended = true;
      return;
    }
    const fields: (Buffer | null)[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const length = bytes.readInt32BE(at);
      at += 4;
      if (length === -1) {
        fields[i] = null;
        continue;
      }
      if (at + length > bytes.length) throw new CopyFormatError('a row spans two messages');
      fields[i] = bytes.subarray(at, at + length);
      at += length;
    }
    if (at !== bytes.length) throw new CopyFormatError('more than one row in a message');
    this.#rows++;
    this.onRow(fields);
  }

  handleCommandComplete(): void {}

  handleReadyForQuery(): void {
    if (this.#failed) this.#reject(this.#failed);
    else if (!this.#ended) this.#reject(new CopyFormatError('no trailer'));
    else this.#resolve(this.#rows);
  }

  handleError(error: Error): void {
    // A backend's error message is followed by ReadyForQuery; a lost connection's error is not.
    this.lost = !(error as { severity?: string }).severity;
    this.#reject(error);
  }

  // Not expected from a COPY TO; answered as node-postgres's own query does.
  handleCopyInResponse(connection: pg.Connection): void {
    (connection as unknown as { sendCopyFail(message: string): void }).sendCopyFail('not a COPY FROM');
  }
  handleEmptyQuery(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handlePortalSuspended(): void {}
}

/**
 * The size of the parts a big value is read in (`copyValueInParts`): one protocol message a part, each
 * within one 64 KiB socket read. node-postgres's parser assembles a message longer than the read it
 * started in by doubling a buffer from the read's size, and starts again for the next message: parts of
 * 1 MiB cost a 2 MB fresh buffer and ~2 MB of copies each (the cold lead time's largest part of CPU after
 * the engine); in parts this small a message is parsed where it arrived or with one copy. Cold lead time
 * on PostgreSQL, 12 starts each: 335 → 300 ms.
 */
export const COPY_PART_BYTES = 60_000;

/** The first row's own fields (as text) and the value its rows' parts make (`copyValueInParts`). */
export type CopiedValue = { head: (string | null)[]; value: Buffer | null };

/**
 * One big value (a bytea) read by a binary COPY in parts of `partBytes`, each placed at its own start
 * in one aligned array, in whatever order PostgreSQL sends them. `query` selects, each row, `headFields`
 * fields of its own, then the value's `octet_length`, the part's start (1-based, as `substring`'s) and
 * the part, from a `generate_series` over the value: without `ORDER BY`, which made PostgreSQL sort
 * every part (spilling the value to disk past `work_mem`) before it sent the first. Resolves with
 * undefined when there is no row; `value` is null when the value is, and empty when its parts do not make
 * it (then it does not read). Null when `db` cannot COPY (see `copyRowsOut`).
 */
export function copyValueInParts(
  db: Db,
  query: string,
  partBytes: number,
  headFields: number,
): Promise<CopiedValue | undefined> | null {
  let head: (string | null)[] | undefined;
  const parts = new ValueParts(partBytes);
  const copying = copyRowsOut(db, query, (fields) => {
    head ??= fields.slice(0, headFields).map((field) => (field ? field.toString('utf8') : null));
    parts.add(fields[headFields] ?? null, fields[headFields + 1] ?? null, fields[headFields + 2] ?? null);
  });
  if (!copying) return null;
  return copying.then(() => head && { head, value: parts.value() });
}

/** A value's parts placed as they come: each start once, each part as long as its place. */
class ValueParts {
  #bytes: Buffer | null = null;
  #seen = new Uint8Array(0);
  #missing = 0;
  #wrong = false;

  constructor(readonly partBytes: number) {}

  add(length: Buffer | null, start: Buffer | null, part: Buffer | null): void {
    if (!length) return;
    if (!this.#bytes) {
      const total = Number(length.toString('latin1'));
      this.#bytes = Buffer.from(new ArrayBuffer(total));
      this.#seen = new Uint8Array(Math.ceil(total / this.partBytes));
      this.#missing = this.#seen.length;
    }
    // An empty value's one row has no part.
    if (!start || !part) return;
    const offset = Number(start.toString('latin1')) - 1;
    const index = offset / this.partBytes;
    const fits = part.length === Math.min(this.partBytes, this.#bytes.length - offset);
    if (!Number.isInteger(index) || index < 0 || this.#seen[index] !== 0 || !fits) {
      this.#wrong = true;
      return;
    }
    this.#seen[index] = 1;
    this.#missing--;
    part.copy(this.#bytes, offset);
  }

  value(): Buffer | null {
    if (!this.#bytes) return null;
    return this.#wrong || this.#missing !== 0 ? Buffer.alloc(0) : this.#bytes;
  }
}

/** One row's text column and the columns read beside it, as `copyTextInParts` reads them. */
export type TextRead = {
  /** The table and its text column, the row's key column and value, and the columns read beside it. */
  table: string;
  text: string;
  key: { column: string; value: string };
  head: readonly string[];
};

/**
 * One row's text column as `copyValueInParts` reads a value: its UTF-8 bytes in parts, converted and
 * detoasted once (`OFFSET 0` keeps the planner from doing it again for each part), decoded once. A text
 * of megabytes as one message cost node-postgres a buffer doubled up to twice its size. Resolves with
 * the `head` columns (as text) and the text (null when it is; empty when its parts do not make it), or
 * undefined without a row. `table`, `text` and the columns are the caller's names, not input.
 */
export function copyTextInParts(
  db: Db,
  read: TextRead,
  partBytes: number,
): Promise<{ head: (string | null)[]; text: string | null } | undefined> | null {
  const part = Math.trunc(partBytes);
  const head = read.head.map((column) => `s.${column}::text, `).join('');
  const copying = copyValueInParts(
    db,
    `SELECT ${head}octet_length(t.bytes)::text, p.start::text, substring(t.bytes FROM p.start FOR ${part})
     FROM ${read.table} s
     CROSS JOIN LATERAL (SELECT convert_to(s.${read.text}, 'UTF8') AS bytes OFFSET 0) t
     LEFT JOIN LATERAL generate_series(1, octet_length(t.bytes), ${part}) AS p(start) ON true
     WHERE s.${read.key.column} = ${pg.escapeLiteral(read.key.value)}`,
    part,
    read.head.length,
  );
  if (!copying) return null;
  return copying.then(
    (copied) => copied && { head: copied.head, text: copied.value?.toString('utf8') ?? null },
  );
}
