import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DbHandle, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** The PostgreSQL server tests use; override with TEST_POSTGRES_URL. */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let postgresReachable: Promise<boolean> | null = null;

export function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (error) {
      // On CI a missing PostgreSQL must fail the run, not silently skip a third of the suite.
      if (process.env.CI) {
        throw new Error(
          `PostgreSQL at ${TEST_POSTGRES_URL} is not reachable (CI requires it): ${String(error)}`,
        );
      }
      console.warn(`PostgreSQL at ${TEST_POSTGRES_URL} is not reachable: PostgreSQL tests are SKIPPED.`);
      return false;
    }
  })();
  return postgresReachable;
}

export type TestDatabase = { handle: DbHandle; url: string | null; dataDir: string; drop(): Promise<void> };

/** A throwaway, migrated SQLite file. */
export async function createSqliteTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-test-'));
  const handle = openDatabase({ databaseUrl: null, dataDir });
  await migrateToLatest(handle);
  return {
    handle,
    url: null,
    dataDir,
    drop: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A throwaway PostgreSQL database on the test server, dropped afterwards; migrated unless `migrate` is false
 * (an empty database, for processes that migrate it themselves at start-up).
 */
export async function createPostgresTestDatabase({ migrate = true } = {}): Promise<TestDatabase> {
  const name = `fluxion_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-test-'));
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir });
  if (migrate) await migrateToLatest(handle);
  return {
    handle,
    url: url.toString(),
    dataDir,
    drop: async () => {
      await handle.close();
      // pg's pool reports itself ended before the server has closed its connections; a forced DROP would
      // kill them and the dying client throw an uncaught error, so wait until they are gone.
      await waitForDisconnect(name);
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForDisconnect(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    for (let i = 0; i < 400; i += 1) {
      const { rows } = await admin.query<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (Number(rows[0]?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await admin.end();
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export type DialectCase = { name: 'sqlite' | 'postgres'; create: () => Promise<TestDatabase> };

/** Both databases, PostgreSQL only when its server answers (a warning says so otherwise). */
export async function dialectCases(): Promise<DialectCase[]> {
  const cases: DialectCase[] = [{ name: 'sqlite', create: createSqliteTestDatabase }];
  if (await isPostgresReachable()) cases.push({ name: 'postgres', create: createPostgresTestDatabase });
  return cases;
}
