import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createAnalyticsState } from './analytics/state.ts';
import { startBackgroundWork } from './background.ts';
import { readerFactory } from './collector/readers.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';

/**
 * `npm run worker`: a collector process without HTTP. Any number can run against one PostgreSQL
 * database (boards are leased); the API servers then run with COLLECTOR=off.
 */
async function main() {
  const config = loadConfig();
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    preparedStatements: config.databasePreparedStatements,
  });
  await migrateToLatest(handle);
  const ctx: AppContext = { config, db: handle.db, dialect: handle.dialect, now: Date.now };
  const workerId = `worker-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const background = startBackgroundWork(ctx, {
    owner: workerId,
    workerId,
    readers: readerFactory(ctx, null),
    analytics: createAnalyticsState(config.analytics, ctx.now),
    onError: (what, error) => console.error(`[${workerId}] ${what} failed:`, (error as Error).message),
  });
  console.log(`Fluxion collector worker ${workerId} started (${handle.dialect})`);
  const stop = async () => {
    await background.stop();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(
    `Fluxion worker cannot start: ${error instanceof ConfigError ? error.message : String(error)}`,
  );
  process.exit(1);
});
