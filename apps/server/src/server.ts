import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { startPreload } from './analytics/preload.ts';
import { buildApp } from './app.ts';
import { startBackgroundWork } from './background.ts';
import type { Config, GithubAppConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { type DbHandle, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { readerFactory } from './collector/readers.ts';
import { type LocalMail, startLocalMail, startLocalSimulators, startLocalStripe } from './local-mode.ts';
import { ensureDemoBoard } from './tracked-boards/demo.ts';

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
  // Collecting, notifying and the seats run here, or only in `npm run worker` processes (COLLECTOR=off).
  const background =
    config.collector === 'inprocess'
      ? startBackgroundWork(ctx, {
          owner: `server-${randomUUID()}`,
          readers: readerFactory(ctx, sims?.demoToken() ?? null),
          analytics: app.analytics,
          onError: (what, error) => app.log.error({ err: error }, `${what} failed`),
        })
      : null;
  // In the background, as the preload: /healthz answers meanwhile; a failure is the first request's to meet.
  handle
    .openConnections()
    .catch((error: unknown) => app.log.warn({ err: error }, 'opening connections failed'));
  const stopPreload = startPreload({ ...ctx, analytics: app.analytics, log: app.log });
  app.analytics.viewsAhead.start();
  return {
    app,
    url,
    ctx,
    mailUrl: mail?.url ?? null,
    close: async () => {
      stopPreload();
      app.analytics.viewsAhead.stop();
      await background?.stop();
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
