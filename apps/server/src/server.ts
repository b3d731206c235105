import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { startPreload } from './analytics/preload.ts';
import { buildApp } from './app.ts';
import { SEAT_SYNC_EVERY_MS, seatSyncFor } from './billing/seat-sync.ts';
import type { Config, GithubAppConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { type DbHandle, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createCollector, startCollectorLoop, timingOptions } from './collector/runner.ts';
import { readerFactory } from './collector/readers.ts';
import { reconcilingEvery } from './installations/sync.ts';
import { releaseTurnsOf } from './leases/turns.ts';
import {
  type LocalMail,
  type LocalSimulators,
  startLocalMail,
  startLocalSimulators,
  startLocalStripe,
} from './local-mode.ts';
import { createChannels } from './notifications/channels.ts';
import { createNotifier } from './notifications/runner.ts';
import { ensureDemoBoard } from './projects/demo.ts';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type RunningServer = {
  app: FastifyInstance;
  url: string;
  ctx: AppContext;
  /** Local mode: the mail catcher's page (and Slack receiver), when it stands in for SMTP_URL. */
  mailUrl: string | null;
  close(): Promise<void>;
};

export class StartupError extends Error {}

/** Opens storage, migrates, starts the simulators in local mode and listens. */
export async function startServer(
  config: Config,
  webRoot: string | null = DEFAULT_WEB_ROOT,
): Promise<RunningServer> {
  const handle = await openAndMigrate(config);
  const sims = config.localMode
    ? await startLocalSimulators(config).catch(async (error: unknown) => {
        await handle.close();
        throw listenError(error, config.github.simPort, 'GITHUB_SIM_PORT');
      })
    : null;
  const stripeSim = await startLocalStripe(config).catch(async (error: unknown) => {
    await Promise.all([handle.close(), sims?.close()]);
    throw listenError(error, config.stripeSimPort, 'STRIPE_SIM_PORT');
  });
  const mail = await startLocalMail(config).catch(async (error: unknown) => {
    await Promise.all([handle.close(), sims?.close(), stripeSim?.close()]);
    throw listenError(error, config.notifications.mailSimPort, 'MAIL_SIM_PORT');
  });
  const withGithub = sims ? withSimulatorUrls(config, sims.github.url, sims.app()) : config;
  const stripe = { ...withGithub.stripe, apiUrl: stripeSim?.sim.url ?? withGithub.stripe.apiUrl };
  const effective: Config = { ...withGithub, stripe, notifications: withMailCatcher(config, mail) };
  const ctx: AppContext = { config: effective, db: handle.db, dialect: handle.dialect, now: Date.now };
  await ensureDemoBoard(ctx, { live: sims !== null });
  const app = await buildApp(ctx, { webRoot });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await Promise.all([app.close(), handle.close(), sims?.close(), stripeSim?.close(), mail?.close()]);
    throw listenError(error, config.port, 'PORT');
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  await sims?.connect(url);
  stripeSim?.connect(url);
  // Who holds this process's turns at the periodic tasks (leases/turns.ts), given back on close.
  const turnOwner = `server-${randomUUID()}`;
  const collector = config.collector === 'inprocess' ? startCollector(ctx, sims, app, turnOwner) : null;
  // Notifications are sent wherever boards are collected (here, or by `npm run worker` processes).
  const notifier = config.collector === 'inprocess' ? startNotifier(ctx, app, turnOwner) : null;
  // And the team plans' seats are pushed to Stripe from there too (any number of processes: one pushes).
  const seatSync = config.collector === 'inprocess' ? startSeatSync(ctx, app, turnOwner) : null;
  const stopPreload = startPreload({ ...ctx, analytics: app.analytics });
  return {
    app,
    url,
    ctx,
    mailUrl: mail?.url ?? null,
    close: async () => {
      stopPreload();
      await seatSync?.stop();
      await notifier?.stop();
      await collector?.stop();
      await releaseTurnsOf(ctx.db, [turnOwner]).catch(() => undefined);
      await app.close();
      await sims?.close();
      await stripeSim?.close();
      await mail?.close();
      await handle.close();
    },
  };
}

/** The local mail catcher takes the place of SMTP_URL, and its Slack receiver that of Slack's webhooks. */
function withMailCatcher(config: Config, mail: LocalMail | null): Config['notifications'] {
  if (!mail) return config.notifications;
  return { ...config.notifications, smtpUrl: mail.smtpUrl, slackWebhookBase: mail.slackBase };
}

function startNotifier(ctx: AppContext, app: FastifyInstance, owner: string) {
  const channels = createChannels(ctx.config.notifications);
  const notifier = createNotifier({ ...ctx, analytics: app.analytics }, channels, { owner });
  const loop = startCollectorLoop(
    { runOnce: async () => (await notifier.runOnce()).length },
    {
      tickMs: ctx.config.notifications.tickMs,
      onError: (error) => app.log.error({ err: error }, 'notifier run failed'),
    },
  );
  return {
    stop: async () => {
      await loop.stop();
      channels.close();
    },
  };
}

function startSeatSync(ctx: AppContext, app: FastifyInstance, turnOwner: string) {
  const seatSync = seatSyncFor(ctx, turnOwner);
  if (!seatSync) return null;
  return startCollectorLoop(seatSync, {
    tickMs: SEAT_SYNC_EVERY_MS,
    onError: (error) => app.log.error({ err: error }, 'seat sync run failed'),
  });
}

function startCollector(
  ctx: AppContext,
  sims: LocalSimulators | null,
  app: FastifyInstance,
  turnOwner: string,
) {
  const demoToken = sims?.demoToken() ?? null;
  const timing = ctx.config.collectorTiming;
  // With a GitHub App, runs also reconcile its installations with GitHub (missed webhooks).
  const collector = reconcilingEvery(
    ctx,
    createCollector(ctx, readerFactory(ctx, demoToken), timingOptions(timing)),
    { turnOwner },
  );
  return startCollectorLoop(collector, {
    tickMs: timing.tickMs,
    onError: (error) => app.log.error({ err: error }, 'collector run failed'),
  });
}

/** The simulator may listen on a random port (PORT=0 in tests): use the address it really has. */
function withSimulatorUrls(config: Config, githubUrl: string, app: GithubAppConfig): Config {
  return { ...config, github: { ...config.github, apiUrl: githubUrl, webUrl: githubUrl, app } };
}

async function openAndMigrate(config: Config): Promise<DbHandle> {
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    preparedStatements: config.databasePreparedStatements,
  });
  try {
    await migrateToLatest(handle);
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    const variable = config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR';
    throw new StartupError(`Cannot open the database (${variable}): ${(error as Error).message}`);
  }
}

function listenError(error: unknown, port: number, variable: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new StartupError(`Invalid ${variable}: port ${port} is already in use`);
  if (code === 'EACCES')
    return new StartupError(`Invalid ${variable}: no permission to listen on port ${port}`);
  return error as Error;
}
