import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, isPostgresReachable, TEST_POSTGRES_URL } from '../testing/databases.ts';
import { terminateConnections } from '../testing/outage.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

describe.runIf(await isPostgresReachable())('the PostgreSQL pool', () => {
  it('survives the server ending an idle connection, and the next query works', async () => {
    const database = await createPostgresTestDatabase();
    try {
      const { db } = database.handle;
      await db.selectFrom('users').select('id').execute();
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      const name = new URL(database.url ?? '').pathname.slice(1);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(db.selectFrom('users').select('id').execute()).resolves.toEqual([]);
    } finally {
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
