import pg from 'pg';
import { TEST_POSTGRES_URL } from './databases.ts';

/** When a test database was away: from the first ended connection until it accepted connections again. */
export type Outage = { from: number; to: number };

/**
 * Takes a test database away for `awayMs`, as a failover or a restart does: it refuses new connections and
 * the server ends every connection open to it (`pg_terminate_backend`). Only that database is touched: the
 * administrative connection is made to the server's default database, never to the test database.
 */
export async function takeDatabaseAway(databaseUrl: string, awayMs: number): Promise<Outage> {
  return withAdmin(async (admin) => {
    const name = databaseName(databaseUrl);
    const from = Date.now();
    await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(name)} ALLOW_CONNECTIONS false`);
    try {
      await terminate(admin, name);
      await new Promise((resolve) => setTimeout(resolve, awayMs));
    } finally {
      await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(name)} ALLOW_CONNECTIONS true`);
    }
    return { from, to: Date.now() };
  });
}

/** Ends every connection open to the test database once; new connections are accepted at once. */
export function terminateConnections(databaseUrl: string): Promise<number> {
  return withAdmin((admin) => terminate(admin, databaseName(databaseUrl)));
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
