import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
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

/** A throwaway, migrated SQLite file: a copy of the migrated template (`migratedSqliteFile`). */
export async function createSqliteTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-test-'));
  copyFileSync(await migratedSqliteFile(), join(dataDir, 'fluxion.sqlite'));
  const handle = openDatabase({ databaseUrl: null, dataDir });
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
 * The migrations' fingerprint: a template built from other migrations (another branch, an edited one)
 * is never copied.
 */
function migrationsKey(): string {
  const folder = new URL('../db/migrations/', import.meta.url);
  const hash = createHash('sha256').update(readFileSync(new URL('../db/migrate.ts', import.meta.url)));
  for (const name of readdirSync(folder).sort())
    hash.update(name).update(readFileSync(new URL(name, folder)));
  return hash.digest('hex').slice(0, 16);
}

let sqliteTemplate: Promise<string> | null = null;

/**
 * A migrated SQLite file that every test database copies, instead of each running all the migrations.
 * Built once per set of migrations (in the temp folder, shared by test processes), moved into place whole.
 */
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = join(tmpdir(), `fluxion-test-template-${migrationsKey()}.sqlite`);
    if (existsSync(file)) return file;
    const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-template-'));
    const handle = openDatabase({ databaseUrl: null, dataDir });
    await migrateToLatest(handle);
    await handle.close(); // the last connection's close folds the WAL into the file
    renameSync(join(dataDir, 'fluxion.sqlite'), file);
    rmSync(dataDir, { recursive: true, force: true });
    return file;
  })();
  return sqliteTemplate;
}

/**
 * A throwaway PostgreSQL database on the test server, dropped afterwards; migrated unless `migrate` is false
 * (an empty database, for processes that migrate it themselves at start-up).
 */
export async function createPostgresTestDatabase({ migrate = true } = {}): Promise<TestDatabase> {
  const name = `fluxion_test_${randomBytes(6).toString('hex')}`;
  // A copy of the migrated template is a fraction of running the migrations (seconds on a busy machine).
  await adminQuery(
    migrate ? `CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate()}` : `CREATE DATABASE ${name}`,
  );
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-test-'));
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir });
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

let pgTemplate: Promise<string> | null = null;

/**
 * The migrated database that test databases are created from, one per set of migrations on the server
 * (test processes and checkouts share it). Built under an advisory lock by one process, migrated under
 * another name and renamed when complete; nobody may connect to it after, as CREATE DATABASE ... TEMPLATE
 * requires.
 */
function postgresTemplate(): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `fluxion_template_${migrationsKey()}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    try {
      if (await exists()) return name;
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      if (await exists()) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(TEST_POSTGRES_URL);
      url.pathname = `/${building}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-template-'));
      const handle = openDatabase({ databaseUrl: url.toString(), dataDir });
      await migrateToLatest(handle);
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
      await waitForDisconnect(building);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      return name;
    } finally {
      await admin.end(); // also frees the advisory lock
    }
  })();
  return pgTemplate;
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
