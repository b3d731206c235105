import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, isPostgresReachable, TEST_POSTGRES_URL } from '../testing/databases.ts';

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
});
