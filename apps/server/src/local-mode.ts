import { createPrivateKey } from 'node:crypto';
import { join } from 'node:path';
import type { GithubSim } from '@fluxion/github-sim';
import type { StripeSim } from '@fluxion/stripe-sim';
import { type Config, ConfigError, type GithubAppConfig } from './config.ts';

export type LocalSimulators = {
  github: GithubSim;
  /** Points the simulator's webhooks and its App's URLs at the server once its real address is known. */
  connect(serverUrl: string): Promise<void>;
  /** The simulator's GitHub App, as GITHUB_APP_* would configure a real one. */
  app(): GithubAppConfig;
  /** A token of a seeded user, for the collector to read the (public) demo board. */
  demoToken(): string;
  close(): Promise<void>;
};

/**
 * How often the simulator lets the demo board live on. Its moves follow the pace of its history (about
 * 8 a day, github-sim's seed/demo-flow.ts) whatever the tick, so its figures stay plausible.
 */
const DEMO_MOVE_EVERY_MS = 60_000;

/** With no GitHub credentials, a local GitHub simulator stands in so that `npm start` is a whole product. */
export async function startLocalSimulators(config: Config): Promise<LocalSimulators> {
  const { startGithubSim, SEEDED } = await simulator(
    () => import('@fluxion/github-sim'),
    'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET',
  );
  const github = await startGithubSim({
    port: config.github.simPort,
    host: '127.0.0.1',
    ...(config.github.webhookSecret ? { webhookSecret: config.github.webhookSecret } : {}),
    demoMovement: config.nodeEnv !== 'test',
    demoMovementIntervalMs: DEMO_MOVE_EVERY_MS,
    // The simulated GitHub keeps its world next to Fluxion's database, so a restart finds the same
    // boards and tokens (not boards that vanished, shown as stale). Tests start from the seeded world.
    ...(config.nodeEnv === 'test' ? {} : { stateFile: join(config.dataDir, 'github-sim.json') }),
  });
  return {
    github,
    connect: async (serverUrl) => {
      const server = serverUrl.replace('localhost', '127.0.0.1');
      github.webhooks.urls = [`${server}/webhooks/github`];
      await connectApp(github.url, serverUrl, SEEDED.org);
    },
    app: () => appConfig(github),
    demoToken: () => github.createToken(SEEDED.users[0]),
    close: () => github.close(),
  };
}

/**
 * The simulator's App with its key as the server keeps one (PKCS#8; GitHub hands out PKCS#1). Users sign
 * in through it, as with a real App: its user tokens show each user the private issues they may see, and
 * their own boards come with "Connect personal boards" (the simulator's OAuth app), since no App token
 * reads a user-owned board.
 */
function appConfig(github: GithubSim): GithubAppConfig {
  const app = github.app();
  return {
    appId: String(app.id),
    privateKey: createPrivateKey(app.privateKey).export({ type: 'pkcs8', format: 'pem' }).toString(),
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    webhookSecret: app.webhookSecret,
    slug: app.slug,
    signIn: true,
  };
}

/**
 * Local mode runs as the simulator's GitHub App, as a real install would: its webhooks, setup and
 * callback URLs point at this server, and it is installed on the seeded organization with all its
 * repositories (once: the simulator's world remembers installations across restarts).
 */
async function connectApp(simUrl: string, serverUrl: string, org: string): Promise<void> {
  const control = async (path: string, method = 'GET', body?: unknown) => {
    const init: RequestInit =
      body === undefined
        ? { method }
        : {
            method,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          };
    const response = await fetch(`${simUrl}${path}`, init);
    if (!response.ok) throw new Error(`GitHub simulator ${method} ${path}: ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  await control('/_sim/app', 'POST', {
    webhookUrl: `${serverUrl.replace('localhost', '127.0.0.1')}/webhooks/github`,
    setupUrl: `${serverUrl}/accounts/github/app/setup/`,
    callbackUrl: `${serverUrl}/accounts/github/login/callback/`,
  });
  const installations = (await control('/_sim/installations')) as { account: { login: string } | null }[];
  if (installations.some((i) => i.account?.login === org)) return;
  await control('/_sim/installations', 'POST', { org, repositorySelection: 'all' });
}

export type LocalStripe = {
  sim: StripeSim;
  /** Points the simulator's webhooks at the server once its real address is known. */
  connect(serverUrl: string): void;
  close(): Promise<void>;
};

/** With no Stripe secret key (outside production), a local Stripe simulator stands in: Checkout, portal, webhooks. */
export async function startLocalStripe(config: Config): Promise<LocalStripe | null> {
  // STRIPE_API_URL names a simulator that runs apart (tests of several processes): none starts here.
  if (config.stripe.mode !== 'sim' || config.stripe.apiUrl) return null;
  const { startStripeSim } = await simulator(() => import('@fluxion/stripe-sim'), 'STRIPE_SECRET_KEY');
  const sim = await startStripeSim({
    port: config.stripeSimPort,
    host: '127.0.0.1',
    webhookSecret: config.stripe.webhookSecret,
    secretKey: config.stripe.secretKey,
    prices: [{ id: config.stripe.priceId, unit_amount: 1200 }],
    // Its customers, subscriptions, cards, invoices and events live next to Fluxion's database, as the GitHub
    // simulator's world does: a restart keeps what was bought (`rm -rf data` starts over). Tests start empty.
    ...(config.nodeEnv === 'test' ? {} : { stateFile: join(config.dataDir, 'stripe-sim.json') }),
  });
  return {
    sim,
    connect: (serverUrl) => {
      sim.webhooks.urls = [`${serverUrl.replace('localhost', '127.0.0.1')}/webhooks/stripe`];
    },
    close: () => sim.close(),
  };
}

/** The simulators are development dependencies, loaded only here: a production install has none. */
export async function simulator<T>(load: () => Promise<T>, variables: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    throw new ConfigError(
      `Local mode needs the simulators, which a production install (npm ci --omit=dev) leaves out: set ${variables} (${reason})`,
    );
  }
}

export type LocalMail = { url: string; smtpUrl: string; slackBase: string; close(): Promise<void> };

/**
 * Without SMTP_URL in local mode, a mail catcher and Slack-webhook receiver stand in (MAIL_SIM_PORT, SMTP on
 * the next port): digests and alerts go there, and its page lists what arrived.
 */
export async function startLocalMail(config: Config): Promise<LocalMail | null> {
  if (!config.localMode || config.notifications.smtpUrl || config.nodeEnv === 'production') return null;
  const { startMailSim } = await simulator(() => import('@fluxion/mail-sim'), 'SMTP_URL');
  const port = config.notifications.mailSimPort;
  return startMailSim({ port, smtpPort: port === 0 ? 0 : port + 1, host: '127.0.0.1' });
}
