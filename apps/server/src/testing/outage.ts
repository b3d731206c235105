import pg from 'pg';
import { TEST_POSTGRES_URL } from './databases.ts';

/** When a test database was away: from the first ended connection until it accepted connections again. */
export type Outage = { from: number; to: number };

/** A test database cut off: `restore` lets it accept connections again and answers the outage. */
export type CutOff = { from: number; restore(): Promise<Outage> };

/**
 * How long a termination waits for the ended connection's server process to be gone. pg_terminate_backend
 * alone only signals the process and answers at once: a process still busy (a loaded machine) kept its
 * connection open a moment longer, so the pool of the app under test still held it as idle, handed it to
 * the test's next read, and the read met the end ('Connection terminated unexpectedly') after the outage.
 */
const TERMINATION_WAIT_MS = 10_000;

/**
 * Cuts a test database off, as a failover or a restart does: it refuses new connections and the server
 * ends every connection open to it (`pg_terminate_backend`), returning once they are gone. Only that
 * database is touched: the administrative connection is made to the server's default database, never to
 * the test database.
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

/** Ends every connection open to the test database once, once gone; new ones are let in. */
export function terminateConnections(databaseUrl: string): Promise<number> {
  return withAdmin((admin) => terminate(admin, databaseName(databaseUrl)));
}

/** Ends the test database's connections waiting for a lock (a query behind a test's lock), once gone. */
export function terminateLockWaiters(databaseUrl: string): Promise<number> {
  return withAdmin(async (admin) => {
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid, $2) AS ended FROM pg_stat_activity
       WHERE datname = $1 AND wait_event_type = 'Lock'`,
      [databaseName(databaseUrl), TERMINATION_WAIT_MS],
    );
    return rows.filter((row) => row.ended).length;
  });
}

async function terminate(admin: pg.Client, name: string): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    'SELECT pg_terminate_backend(pid, $2) AS ended FROM pg_stat_activity WHERE datname = $1',
    [name, TERMINATION_WAIT_MS],
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
