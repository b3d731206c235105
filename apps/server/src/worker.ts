import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createCollector, startCollectorLoop, timingOptions } from './collector/runner.ts';
import { readerFactory } from './collector/readers.ts';
import { reconcilingEvery } from './installations/sync.ts';
import { releaseTurnsOf } from './leases/turns.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createAnalyticsState } from './analytics/state.ts';
import { SEAT_SYNC_EVERY_MS, seatSyncFor } from './billing/seat-sync.ts';
import { createChannels } from './notifications/channels.ts';
import { createNotifier } from './notifications/runner.ts';

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
  const timing = config.collectorTiming;
  // With a GitHub App, runs also reconcile its installations with GitHub (missed webhooks).
  const collector = reconcilingEvery(
    ctx,
    createCollector(ctx, readerFactory(ctx, null), { workerId, ...timingOptions(timing) }),
    { turnOwner: workerId },
  );
  const loop = startCollectorLoop(collector, {
    tickMs: timing.tickMs,
    onError: (error) => console.error(`[${workerId}] collector run failed:`, (error as Error).message),
  });
  // Digests and alerts go out from the workers too: jobs are leased, so any number may send.
  const channels = createChannels(config.notifications);
  const analytics = createAnalyticsState(config.analytics, ctx.now);
  const notifier = createNotifier({ ...ctx, analytics }, channels, { owner: `${workerId}-notify` });
  const notifyLoop = startCollectorLoop(
    { runOnce: async () => (await notifier.runOnce()).length },
    {
      tickMs: config.notifications.tickMs,
      onError: (error) => console.error(`[${workerId}] notifier run failed:`, (error as Error).message),
    },
  );
  // And the team plans' seats, pushed to Stripe by whichever process swaps the stored count first.
  const seatSync = seatSyncFor(ctx, workerId);
  const seatLoop = seatSync
    ? startCollectorLoop(seatSync, {
        tickMs: SEAT_SYNC_EVERY_MS,
        onError: (error) => console.error(`[${workerId}] seat sync failed:`, (error as Error).message),
      })
    : null;
  console.log(`Fluxion collector worker ${workerId} started (${handle.dialect})`);
  const stop = async () => {
    await seatLoop?.stop();
    await notifyLoop.stop();
    channels.close();
    await loop.stop();
    // Its periodic tasks go to another process when next due, not after their leases.
    await releaseTurnsOf(ctx.db, [workerId, `${workerId}-notify`]).catch(() => undefined);
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
