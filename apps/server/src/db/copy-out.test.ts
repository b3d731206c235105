import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, isPostgresReachable } from '../testing/databases.ts';
import { copyRowsOut, copyTextInParts, copyValueInParts } from './copy-out.ts';

describe.runIf(await isPostgresReachable())('rows as raw bytes through a binary COPY', async () => {
  const database = await createPostgresTestDatabase({ migrate: false });
  afterAll(() => database.drop());
  const { db } = database.handle;

  const rowsOf = async (query: string) => {
    const rows: (string | null)[][] = [];
    const count = copyRowsOut(db, query, (fields) =>
      rows.push(fields.map((f) => (f === null ? null : f.toString('hex')))),
    );
    expect(count).not.toBeNull();
    expect(await count).toBe(rows.length);
    return rows;
  };

  it('hands each row its fields as the bytes stored, nulls as null', async () => {
    const bytes = Buffer.from([0, 1, 0xff, 0x80, 0xc3, 0x28, 10, 13]);
    const rows = await rowsOf(
      `SELECT n::text, CASE WHEN n = 2 THEN NULL ELSE '\\x${bytes.toString('hex')}'::bytea END, ''::bytea
       FROM generate_series(1, 3) AS n ORDER BY n`,
    );
    expect(rows).toEqual([
      [Buffer.from('1').toString('hex'), bytes.toString('hex'), ''],
      [Buffer.from('2').toString('hex'), null, ''],
      [Buffer.from('3').toString('hex'), bytes.toString('hex'), ''],
    ]);
    expect(await rowsOf('SELECT 1 WHERE false')).toEqual([]);
  });

  it('reads a bytea of several megabytes whole', async () => {
    let length = 0;
    let sum = 0;
    const count = await copyRowsOut(db, `SELECT decode(repeat('00ff7f', 1000000), 'hex')`, ([field]) => {
      length = field?.length ?? -1;
      sum = field ? field.reduce((a, b) => a + b, 0) : -1;
    });
    expect(count).toBe(1);
    expect({ length, sum }).toEqual({ length: 3_000_000, sum: 1_000_000 * (0xff + 0x7f) });
  });

  it("fails with PostgreSQL's error, and the pool's connections go on answering", async () => {
    await expect(copyRowsOut(db, 'SELECT 1/0', () => undefined)).rejects.toThrow(/division by zero/);
    await expect(copyRowsOut(db, 'SELECT 1 FROM no_such_table', () => undefined)).rejects.toThrow(
      /no_such_table/,
    );
    // A reader that throws fails the copy once it has ended; the connection is in step for the next query.
    await expect(
      copyRowsOut(db, 'SELECT n FROM generate_series(1, 3) AS n', () => {
        throw new Error('unreadable');
      }),
    ).rejects.toThrow('unreadable');
    for (let i = 0; i < 12; i++)
      expect(await rowsOf(`SELECT ${i}::text`)).toEqual([[Buffer.from(`${i}`).toString('hex')]]);
  });

  describe('a value in parts, placed by their starts', () => {
    // 100 bytes 0..99 in parts of 7: 15 parts, the last of 2.
    const value = `(SELECT string_agg(lpad(to_hex(n), 2, '0'), '') FROM generate_series(0, 99) AS n)`;
    const parts = (order: string, where = 'true', union = '') =>
      `SELECT 'head', octet_length(v.b)::text, p.start::text, substring(v.b FROM p.start FOR 7)
       FROM (SELECT decode(${value}, 'hex') AS b) v
       LEFT JOIN LATERAL generate_series(1, octet_length(v.b), 7) AS p(start) ON true
       WHERE ${where} ${union} ${order}`;
    const read = (query: string) => copyValueInParts(db, query, 7, 1);
    const expected = Buffer.from(Array.from({ length: 100 }, (_, i) => i));

    it('makes the value whatever order the parts come in', async () => {
      for (const order of ['ORDER BY 3', 'ORDER BY p.start DESC', 'ORDER BY md5(p.start::text)'])
        expect(await read(parts(order))).toEqual({ head: ['head'], value: expected });
    });

    it('reads as empty when a part is missing, comes twice or is not where a part starts', async () => {
      const missing = await read(parts('', 'p.start <> 50'));
      const twice = await read(
        parts('', 'true', `UNION ALL SELECT 'head', '100', '8', '\\x00010203040506'::bytea`),
      );
      const misplaced = await read(
        parts('', 'p.start <> 8', `UNION ALL SELECT 'head', '100', '9', '\\x07080900010203'::bytea`),
      );
      for (const copied of [missing, twice, misplaced]) expect(copied?.value).toEqual(Buffer.alloc(0));
    });

    it('gives null for a null value, an empty one for an empty value, and nothing without a row', async () => {
      const nullValue = `SELECT 'head', NULL::text, NULL::text, NULL::bytea`;
      expect(await read(nullValue)).toEqual({ head: ['head'], value: null });
      const empty = `SELECT 'head', '0', p.start::text, substring(''::bytea FROM p.start FOR 7)
        FROM (SELECT 1) x LEFT JOIN LATERAL generate_series(1, 0, 7) AS p(start) ON true`;
      expect(await read(empty)).toEqual({ head: ['head'], value: Buffer.alloc(0) });
      expect(await read(`SELECT 'head', '1', '1', '\\x00'::bytea WHERE false`)).toBeUndefined();
    });
  });

  it("reads a row's text in parts that cut through characters, with its other columns", async () => {
    const text = `{"title":["révision 🚧","ünïcode — «ok»"],"n":${'x'.repeat(40)}}`;
    await sql`CREATE TABLE texts (id text PRIMARY KEY, n integer, body text)`.execute(db);
    await sql`INSERT INTO texts VALUES ('a', 7, ${text}), ('b', 8, NULL)`.execute(db);
    const read = (id: string) =>
      copyTextInParts(db, { table: 'texts', text: 'body', key: { column: 'id', value: id }, head: ['n'] }, 5);
    expect(await read('a')).toEqual({ head: ['7'], text });
    expect(await read('b')).toEqual({ head: ['8'], text: null });
    expect(await read("c' OR true --")).toBeUndefined();
  });

  it('is not offered inside a transaction (its Kysely has no pool)', async () => {
    await db.transaction().execute(async (trx) => {
      expect(copyRowsOut(trx, 'SELECT 1', () => undefined)).toBeNull();
    });
  });
});
