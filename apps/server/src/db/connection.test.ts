import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, isPostgresReachable } from '../testing/databases.ts';
import { terminateConnections } from '../testing/outage.ts';
import { openDatabase, withStatementCache } from './connection.ts';
import { PREPARED, PreparingClient } from './postgres-statements.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

type Tables = { notes: { id: number; body: string; extra?: string } };

/** Kysely over an in-memory SQLite database through the statement cache, counting what SQLite prepares. */
function countingSqlite(max = 10) {
  const sqlite = new SQLite(':memory:');
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    prepared.push(source);
    return prepare(source);
  }) as typeof sqlite.prepare;
  const database = withStatementCache(sqlite, max);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
  return { sqlite, database, db, prepared };
}

async function notes(db: Kysely<Tables>, rows: number) {
  await db.schema
    .createTable('notes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('body', 'text')
    .execute();
  for (let id = 1; id <= rows; id += 1)
    await db
      .insertInto('notes')
      .values({ id, body: `note ${id}` })
      .execute();
}

describe('the SQLite statement cache', () => {
  it('prepares a query once however often it runs; each run reads its own parameters', async () => {
    const { db, prepared } = countingSqlite();
    await notes(db, 3);
    const byId = (id: number) =>
      db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ body: 'note 1' });
    expect(await byId(3)).toEqual({ body: 'note 3' });
    expect(await byId(4)).toBeUndefined();
    expect(prepared.filter((s) => s.startsWith('select'))).toHaveLength(1);
    // Three inserts through one statement, too.
    expect(prepared.filter((s) => s.startsWith('insert'))).toHaveLength(1);
    await db.destroy();
  });

  it('a kept statement follows a schema change: a column added, a table made again', async () => {
    const { db, prepared } = countingSqlite();
    await notes(db, 1);
    const all = () => db.selectFrom('notes').selectAll().execute();
    expect(await all()).toEqual([{ id: 1, body: 'note 1' }]);
    await db.schema
      .alterTable('notes')
      .addColumn('extra', 'text', (c) => c.defaultTo('x'))
      .execute();
    expect(await all()).toEqual([{ id: 1, body: 'note 1', extra: 'x' }]);
    await db.schema.dropTable('notes').execute();
    await db.schema.createTable('notes').addColumn('id', 'integer').addColumn('body', 'text').execute();
    await db.insertInto('notes').values({ id: 7, body: 'again' }).execute();
    expect(await all()).toEqual([{ id: 7, body: 'again' }]);
    expect(prepared.filter((s) => s === 'select * from "notes"')).toHaveLength(1);
    await db.destroy();
  });

  it('keeps the last statements used, up to its size', async () => {
    const { db, prepared } = countingSqlite(2);
    await notes(db, 2);
    const body = (id: number) => db.selectFrom('notes').select('body').where('id', '=', id);
    const count = () => prepared.filter((s) => s.startsWith('select')).length;
    await body(1).execute();
    await body(1).orderBy('id').execute();
    await body(1).orderBy('body').execute();
    expect(count()).toBe(3);
    await body(1).orderBy('body').execute();
    expect(count()).toBe(3);
    // The first left the cache when the third came (the inserts and the table's creation came between).
    await body(1).execute();
    expect(count()).toBe(4);
    await db.destroy();
  });

  it('a statement still being iterated is not handed out again: a second one is prepared', async () => {
    const { database, db } = countingSqlite();
    await notes(db, 3);
    const source = 'select body from notes order by id';
    const iterating = database.prepare(source).iterate([]);
    expect(iterating.next().value).toEqual({ body: 'note 1' });
    expect(database.prepare(source).all([])).toHaveLength(3);
    expect(iterating.next().value).toEqual({ body: 'note 2' });
    iterating.return?.();
    await db.destroy();
  });
});

describe('the SQLite hot reads (marked PREPARED)', () => {
  /** Two connections on one file, as two processes (a replica, the worker) have; notes 1..2 written. */
  async function twoConnections() {
    const dir = mkdtempSync(join(tmpdir(), 'fluxion-hot-reads-'));
    const open = () => {
      const sqlite = new SQLite(join(dir, 'db.sqlite'));
      sqlite.pragma('journal_mode = WAL');
      return new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, 10) }) });
    };
    const db = open();
    await notes(db, 2);
    const other = open();
    const close = async () => {
      await db.destroy();
      await other.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
    return { db, other, close };
  }
  const hotRead = (db: Kysely<Tables>, id: number) =>
    db.selectFrom('notes').select('body').where('id', '=', id).modifyEnd(PREPARED).execute();

  it('answer the rows they read while the database is unchanged, each parameter its own', async () => {
    const { db, close } = await twoConnections();
    const first = await hotRead(db, 1);
    expect(first).toEqual([{ body: 'note 1' }]);
    expect(await hotRead(db, 1)).toBe(first);
    expect(await hotRead(db, 2)).toEqual([{ body: 'note 2' }]);
    expect(await hotRead(db, 3)).toEqual([]);
    // Shared by every caller: frozen.
    expect(Object.isFrozen(first[0])).toBe(true);
    await close();
  });

  it('read again after a write on this connection or a commit on another (another process)', async () => {
    const { db, other, close } = await twoConnections();
    expect(await hotRead(db, 1)).toEqual([{ body: 'note 1' }]);
    await db.updateTable('notes').set({ body: 'here' }).where('id', '=', 1).execute();
    expect(await hotRead(db, 1)).toEqual([{ body: 'here' }]);
    await other.updateTable('notes').set({ body: 'there' }).where('id', '=', 1).execute();
    expect(await hotRead(db, 1)).toEqual([{ body: 'there' }]);
    await other.deleteFrom('notes').where('id', '=', 1).execute();
    expect(await hotRead(db, 1)).toEqual([]);
    // A write that changes no row of this read still counts: nothing is kept across any change.
    await other.insertInto('notes').values({ id: 1, body: 'back' }).execute();
    expect(await hotRead(db, 1)).toEqual([{ body: 'back' }]);
    await close();
  });

  it('inside a transaction they read its own writes, and none of them is kept after it rolled back', async () => {
    const { db, close } = await twoConnections();
    expect(await hotRead(db, 1)).toEqual([{ body: 'note 1' }]);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('notes').set({ body: 'undone' }).where('id', '=', 1).execute();
        expect(await hotRead(trx, 1)).toEqual([{ body: 'undone' }]);
        expect(await hotRead(trx, 2)).toEqual([{ body: 'note 2' }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await hotRead(db, 1)).toEqual([{ body: 'note 1' }]);
    expect(await hotRead(db, 2)).toEqual([{ body: 'note 2' }]);
    await close();
  });
});

describe.runIf(await isPostgresReachable())('the PostgreSQL pool', () => {
  it('survives the server ending an idle connection, and the next query works', async () => {
    const database = await createPostgresTestDatabase();
    try {
      const { db } = database.handle;
      await db.selectFrom('users').select('id').execute();
      // Once the server process is gone (terminateConnections waits for it), then a moment for the pool to
      // hear the idle connection's end.
      await terminateConnections(database.url ?? '');
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(db.selectFrom('users').select('id').execute()).resolves.toEqual([]);
    } finally {
      await database.drop();
    }
  });

  it('opens its kept connections and the pipelined one ahead, so that no request waits for them', async () => {
    const database = await createPostgresTestDatabase();
    const backends = () =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()`
        .execute(database.handle.db)
        .then(({ rows }) => rows[0]?.n);
    try {
      // The count's own query opens one pool connection (the test database's migrations closed theirs).
      expect(await backends()).toBe(1);
      await database.handle.openConnections();
      // Three kept in the pool (the count's among them) and the pipelined reads' own.
      expect(await backends()).toBe(4);
      await database.handle.openConnections();
      expect(await backends()).toBe(4);
    } finally {
      await database.drop();
    }
  });

  it('lets a process that never closes it exit once its connections are idle, the kept ones too', async () => {
    const database = await createPostgresTestDatabase({ migrate: false });
    const connection = new URL('./connection.ts', import.meta.url).href;
    // Three queries at once open three connections, as many as the pool keeps however long it is idle.
    const script = `
      import { sql } from 'kysely';
      import { openDatabase } from ${JSON.stringify(connection)};
      const { db } = openDatabase({ databaseUrl: ${JSON.stringify(database.url)}, dataDir: '' });
      await Promise.all([1, 2, 3].map(() => sql\`SELECT pg_sleep(0.05)\`.execute(db)));`;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        // Where the server's own packages (kysely) resolve.
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        stdio: 'inherit',
      });
      const exit = await new Promise<number | string | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill();
          resolve('still running after 20 s');
        }, 20_000);
        child.on('exit', (code) => {
          clearTimeout(timer);
          resolve(code);
        });
      });
      expect(exit).toBe(0);
    } finally {
      await database.drop();
    }
  }, 30_000);

  it('gives back the connections it opened when another could not be opened', async () => {
    const database = await createPostgresTestDatabase({ migrate: false });
    // A role the database lets open two connections (a superuser's are not limited).
    const role = `fluxion_limited_${randomBytes(4).toString('hex')}`;
    const admin = database.handle.db;
    await sql.raw(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT 2`).execute(admin);
    const url = new URL(database.url ?? '');
    url.username = role;
    const limited = openDatabase({ databaseUrl: url.toString(), dataDir: database.dataDir });
    try {
      await expect(limited.openConnections()).rejects.toThrow(/too many connections/);
      // Both opened connections are idle in the pool again: a query takes one (none would be left to open).
      await expect(sql`SELECT 1 AS one`.execute(limited.db)).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await limited.close();
      await sql.raw(`DROP ROLE IF EXISTS ${role}`).execute(admin);
      await database.drop();
    }
  });

  it('survives the server ending a connection in use (inside a transaction): the work fails, the pool recovers', async () => {
    const database = await createPostgresTestDatabase();
    try {
      const { db } = database.handle;
      const interrupted = db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        // Between two queries the connection is checked out but idle: its end is an 'error' event on the
        // client, which crashed the process when nobody listened.
        await terminateConnections(database.url ?? '');
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`SELECT 1`.execute(trx);
      });
      const failure = await interrupted.then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await expect(db.selectFrom('users').select('id').execute()).resolves.toEqual([]);
    } finally {
      await database.drop();
    }
  });
});

describe.runIf(await isPostgresReachable())('prepared statements on PostgreSQL', () => {
  /**
   * A one-connection pool on a fresh test database, so every query runs on the connection inspected (the
   * marked queries outside a transaction: on the one pipelined connection, db/pipelined-reads.ts).
   */
  async function oneConnection(preparedStatements: boolean, pipelinedReadTimeoutMs?: number) {
    const database = await createPostgresTestDatabase({ migrate: false });
    const { db } = openDatabase({
      databaseUrl: database.url,
      dataDir: database.dataDir,
      poolSize: 1,
      preparedStatements,
      ...(pipelinedReadTimeoutMs ? { pipelinedReadTimeoutMs } : {}),
    });
    const tables = db as unknown as Kysely<Tables>;
    await tables.schema.createTable('notes').addColumn('id', 'integer').addColumn('body', 'text').execute();
    await tables
      .insertInto('notes')
      .values([
        { id: 1, body: 'one' },
        { id: 2, body: 'two' },
      ])
      .execute();
    // Marked itself, so that it runs where the marked queries run (the pipelined connection, when prepared).
    const prepared = async () =>
      (
        await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements ${PREPARED}`.execute(
          tables,
        )
      ).rows
        .map((row) => row.statement)
        .filter((statement) => !statement.includes('pg_prepared_statements'));
    const close = async () => {
      await db.destroy();
      await database.drop();
    };
    return { db: tables, prepared, close, url: database.url ?? '' };
  }

  it('prepares the queries marked PREPARED, once a connection; each run reads its own parameters', async () => {
    const { db, prepared, close } = await oneConnection(true);
    try {
      const body = (id: number) =>
        db.selectFrom('notes').select('body').where('id', '=', id).modifyEnd(PREPARED).executeTakeFirst();
      expect(await body(1)).toEqual({ body: 'one' });
      expect(await body(2)).toEqual({ body: 'two' });
      expect(await body(3)).toBeUndefined();
      expect(await prepared()).toEqual(['select "body" from "notes" where "id" = $1 /* prepared */']);
      // Unmarked queries, however often they run, are not: batches' statements vary in shape and plan.
      for (const id of [1, 2, 1]) await db.selectFrom('notes').select('id').where('id', '=', id).execute();
      const rows = Array.from({ length: 300 }, (_, i) => ({ id: 100 + i, body: `bulk ${i}` }));
      await db.insertInto('notes').values(rows).execute();
      await db.insertInto('notes').values(rows).execute();
      expect(await prepared()).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('prepares nothing when turned off', async () => {
    const { db, prepared, close } = await oneConnection(false);
    try {
      for (const id of [1, 2, 1]) {
        await db.selectFrom('notes').select('body').where('id', '=', id).modifyEnd(PREPARED).execute();
      }
      expect(await prepared()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a statement prepared before a migration is replaced: at once outside a transaction, by the next run inside one', async () => {
    const { db, prepared, close } = await oneConnection(true);
    try {
      const all = (on: Kysely<Tables> = db) =>
        on.selectFrom('notes').selectAll().orderBy('id').modifyEnd(PREPARED).execute();
      const inTransaction = () => db.transaction().execute((trx) => all(trx));
      await all();
      await all();
      expect(await prepared()).toHaveLength(1);
      // Prepared on the pooled connection too (a transaction's queries run there).
      await inTransaction();
      // The prepared `select *` now returns another shape: PostgreSQL refuses to run it as prepared.
      await db.schema
        .alterTable('notes')
        .addColumn('extra', 'text', (c) => c.defaultTo('x'))
        .execute();
      expect((await all())[0]).toEqual({ id: 1, body: 'one', extra: 'x' });
      await all();
      await expect(inTransaction()).rejects.toThrow(/cached plan must not change result type/);
      expect((await inTransaction())[0]).toEqual({ id: 1, body: 'one', extra: 'x' });
      await db.schema.alterTable('notes').dropColumn('extra').execute();
      expect(await all()).toEqual([
        { id: 1, body: 'one' },
        { id: 2, body: 'two' },
      ]);
    } finally {
      await close();
    }
  });

  it('marked queries outside a transaction share one pipelined connection: each answered with its own rows, an error failing its query only', async () => {
    const { db, close } = await oneConnection(true);
    try {
      const body = (id: number) =>
        db.selectFrom('notes').select('body').where('id', '=', id).modifyEnd(PREPARED).executeTakeFirst();
      const ids = Array.from({ length: 200 }, (_, i) => (i % 3) + 1);
      // The pool has one connection: a transaction holding it does not hold the marked queries up.
      const answers = await db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 3, body: 'uncommitted' }).execute();
        return Promise.all(ids.map(body));
      });
      expect(answers).toEqual(ids.map((id) => (id === 3 ? undefined : { body: id === 1 ? 'one' : 'two' })));
      const failing = sql`SELECT 1 / ${0} AS n ${PREPARED}`.execute(db);
      const after = body(1);
      await expect(failing).rejects.toThrow(/division by zero/);
      expect(await after).toEqual({ body: 'one' });
      const backends = await Promise.all(
        [1, 2, 3].map(
          async () =>
            (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid ${PREPARED}`.execute(db)).rows[0]?.pid,
        ),
      );
      expect(new Set(backends).size).toBe(1);
    } finally {
      await close();
    }
  });

  it("a marked query inside a transaction runs in it: it sees the transaction's writes", async () => {
    const { db, close } = await oneConnection(true);
    try {
      const seen = await db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 3, body: 'three' }).execute();
        return trx
          .selectFrom('notes')
          .select('body')
          .where('id', '=', 3)
          .modifyEnd(PREPARED)
          .executeTakeFirst();
      });
      expect(seen).toEqual({ body: 'three' });
    } finally {
      await close();
    }
  });

  it('a marked query unanswered in time fails as unavailable; the pipelined connection is opened again', async () => {
    const { db, close } = await oneConnection(true, 300);
    try {
      const body = (id: number) =>
        db.selectFrom('notes').select('body').where('id', '=', id).modifyEnd(PREPARED).executeTakeFirst();
      expect(await body(1)).toEqual({ body: 'one' });
      const failures = await db.transaction().execute(async (trx) => {
        await sql`LOCK TABLE notes IN ACCESS EXCLUSIVE MODE`.execute(trx);
        const waiting = await Promise.allSettled([body(1), body(2)]);
        return waiting.map(
          (outcome) => outcome.status === 'rejected' && isDatabaseUnavailable(outcome.reason),
        );
      });
      expect(failures).toEqual([true, true]);
      expect(await body(2)).toEqual({ body: 'two' });
    } finally {
      await close();
    }
  });

  it('a marked query sent right after one timed out goes to a new connection, not the one pg is destroying', async () => {
    const { db, close } = await oneConnection(true, 300);
    try {
      const body = (id: number) =>
        db.selectFrom('notes').select('body').where('id', '=', id).modifyEnd(PREPARED).executeTakeFirst();
      expect(await body(1)).toEqual({ body: 'one' });
      const next = await db.transaction().execute(async (trx) => {
        await sql`LOCK TABLE notes IN ACCESS EXCLUSIVE MODE`.execute(trx);
        const late = await body(1).then(
          () => null,
          (error: unknown) => error,
        );
        expect(isDatabaseUnavailable(late)).toBe(true);
        // Sent at once, before the destroyed connection's end is reported (a query no lock holds up).
        return db.selectNoFrom(sql<number>`2`.as('two')).modifyEnd(PREPARED).executeTakeFirst();
      });
      expect(next).toEqual({ two: 2 });
    } finally {
      await close();
    }
  });

  it('the pipelined connection, ended by the server, is opened again for the next marked query', async () => {
    const { db, close, url } = await oneConnection(true);
    try {
      const body = (id: number) =>
        db.selectFrom('notes').select('body').where('id', '=', id).modifyEnd(PREPARED).executeTakeFirst();
      expect(await body(1)).toEqual({ body: 'one' });
      await terminateConnections(url);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await body(2)).toEqual({ body: 'two' });
    } finally {
      await close();
    }
  });
});

describe.runIf(await isPostgresReachable())('a prepared statement on PostgreSQL, described once', () => {
  it('its columns are asked at its first run on a connection only; every run reads its own rows', async () => {
    const database = await createPostgresTestDatabase({ migrate: false });
    const client = new PreparingClient({ connectionString: database.url ?? '', pipeline: true });
    await client.connect();
    try {
      await client.query('CREATE TABLE notes (id int8, body text, at int8)');
      await client.query("INSERT INTO notes VALUES (1, 'one', 10), (2, NULL, NULL)");
      let described = 0;
      (client as unknown as { connection: EventEmitter }).connection.on('rowDescription', () => {
        described++;
      });
      const text = 'SELECT id, body, at FROM notes WHERE id >= $1 ORDER BY id /* prepared */';
      const rows = async (id: number) => (await client.query(text, [id])).rows;
      const one = { id: 1, body: 'one', at: 10 };
      const two = { id: 2, body: null, at: null };
      expect(await rows(3)).toEqual([]);
      expect(await rows(1)).toEqual([one, two]);
      expect(await rows(2)).toEqual([two]);
      expect(await Promise.all([1, 2, 3].map(rows))).toEqual([[one, two], [two], []]);
      expect(described).toBe(1);
      expect((await client.query(text, [1])).fields.map((field: { name: string }) => field.name)).toEqual([
        'id',
        'body',
        'at',
      ]);
    } finally {
      await client.end();
      await database.drop();
    }
  });
});
