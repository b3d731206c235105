import pg from 'pg';
import { TEST_POSTGRES_URL } from './databases.ts';

/** When a test database was away: from the first ended connection until it accepted connections again. */
export type Outage = { from: number; to: number };

/** A test database cut off: `restore` lets it accept connections again and answers the outage. */
export type CutOff = { from: number; restore(): Promise<Outage> };

/**
 * Cuts a test database off, as a failover or a restart does: it refuses new connections and the server
 * ends every connection open to it (`pg_terminate_backend`). Only that database is touched: the
 * administrative connection is made to the server's default database, never to the test database.
 */
export async function cutDatabaseOff(databaseUrl: string): Promise<CutOff> {
  const name = databaseName(databaseUrl);
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  const allow = (allowed: boolean) =>
    admin.query(`ALTER DATABASE ${admin.escapeIdentifier(name)} ALLOW_CONNECTIONS ${allowed}`);
  const from = Date.now();
  try {
    await allow(false);
    await terminate(admin, name);
  } catch (error) {
    await allow(true).finally(() => admin.end());
    throw error;
  }
  return {
    from,
    restore: async () => {
      try {
        await allow(true);
      } finally {
        await admin.end();
      }
      return { from, to: Date.now() };
    },
  };
}

/** Cuts the test database off for `awayMs` (see cutDatabaseOff). */
export async function takeDatabaseAway(databaseUrl: string, awayMs: number): Promise<Outage> {
  const cut = await cutDatabaseOff(databaseUrl);
  await new Promise((resolve) => setTimeout(resolve, awayMs));
  return cut.restore();
}

/** Ends every connection open to the test database once; new connections are accepted at once. */
export function terminateConnections(databaseUrl: string): Promise<number> {
  return withAdmin((admin) => terminate(admin, databaseName(databaseUrl)));
}

/** Ends the test database's connections that wait for a lock (a query stuck behind a test's lock). */
export function terminateLockWaiters(databaseUrl: string): Promise<number> {
  return withAdmin(async (admin) => {
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
       WHERE datname = $1 AND wait_event_type = 'Lock'`,
      [databaseName(databaseUrl)],
    );
    return rows.filter((row) => row.ended).length;
  });
}

async function terminate(admin: pg.Client, name: string): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1',
    [name],
  );
  return rows.filter((row) => row.ended).length;
}

function databaseName(databaseUrl: string): string {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!name.startsWith('fluxion_test_')) throw new Error(`not a test database: ${name}`);
  return name;
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
