import { randomBytes } from 'node:crypto';
import type { TestDatabase } from '../databases.ts';
import { type Child, freePorts, kill, startEntryPoint, waitFor, waitUntilReady } from './processes.ts';

const SERVER = 'apps/server/src/main.ts';
const WORKER = 'apps/server/src/worker.ts';

/** Collector timing short enough for a test: a tick, a board's poll interval, a lease (see config.ts). */
export const TIMING = { tickMs: 200, pollMs: 1_000, leaseMs: 4_000 };

/**
 * The scale-out deployment of docs/operations.md as real processes on one PostgreSQL database: a GitHub
 * and a Stripe simulator, API replicas with COLLECTOR=off, and collector workers, all configured only by
 * environment variables and sharing the secrets a real deployment shares. Both simulators deliver their
 * webhooks to replica B only.
 */
export type Cluster = {
  githubUrl: string;
  stripeUrl: string;
  replicas: { a: string; b: string };
  /** Every process started, live or not. */
  children: Child[];
  /** `env` overrides the shared configuration (e.g. a longer COLLECTOR_POLL_MS). */
  startWorker(name: string, env?: Record<string, string>): Promise<Child>;
};

export async function startCluster(database: TestDatabase): Promise<Cluster> {
  if (!database.url) throw new Error('the scale-out suite needs a PostgreSQL database');
  const [githubPort, stripePort, portA, portB] = (await freePorts(4)) as [number, number, number, number];
  const githubUrl = `http://127.0.0.1:${githubPort}`;
  const stripeUrl = `http://127.0.0.1:${stripePort}`;
  const replicas = { a: `http://127.0.0.1:${portA}`, b: `http://127.0.0.1:${portB}` };
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    GITHUB_WEBHOOK_SECRET: randomBytes(20).toString('hex'),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
  };
  const children: Child[] = [];
  const shared = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    ...secrets,
    // GitHub OAuth credentials configured (the simulator's app): not local mode, nothing starts in-process.
    GITHUB_CLIENT_ID: 'fluxion-local',
    GITHUB_CLIENT_SECRET: 'fluxion-local-secret',
    GITHUB_API_URL: githubUrl,
    GITHUB_WEB_URL: githubUrl,
    STRIPE_API_URL: stripeUrl,
    COLLECTOR_TICK_MS: String(TIMING.tickMs),
    COLLECTOR_POLL_MS: String(TIMING.pollMs),
    COLLECTOR_LEASE_MS: String(TIMING.leaseMs),
  };
  const start = (name: string, entry: string, env: Record<string, string>) => {
    const child = startEntryPoint(name, entry, env);
    children.push(child);
    return child;
  };

  const github = start('github-sim', 'packages/github-sim/src/main.ts', {
    GITHUB_SIM_PORT: String(githubPort),
    GITHUB_WEBHOOK_SECRET: secrets.GITHUB_WEBHOOK_SECRET,
    GITHUB_SIM_DEMO_MOVEMENT: '0',
    // Webhooks reach one replica only, so the other must learn of them through the database.
    GITHUB_SIM_WEBHOOK_URLS: `${replicas.b}/webhooks/github`,
  });
  const stripe = start('stripe-sim', 'packages/stripe-sim/src/main.ts', {
    STRIPE_SIM_PORT: String(stripePort),
    STRIPE_WEBHOOK_SECRET: secrets.STRIPE_WEBHOOK_SECRET,
    STRIPE_SIM_WEBHOOK_URL: `${replicas.b}/webhooks/stripe`,
  });
  // Both replicas start at the same moment on the empty database, so their migrations race.
  // They share one public URL, as replicas behind a load balancer do (OAuth's redirect_uri).
  const replicaEnv = (port: number) => ({
    ...shared,
    PORT: String(port),
    HOST: '127.0.0.1',
    COLLECTOR: 'off',
  });
  const a = start('replica-a', SERVER, { ...replicaEnv(portA), PUBLIC_URL: replicas.a });
  const b = start('replica-b', SERVER, { ...replicaEnv(portB), PUBLIC_URL: replicas.a });
  try {
    await Promise.all([
      waitUntilReady(`${githubUrl}/_sim/clock`, github),
      waitForLine(stripe, 'Stripe simulator listening'),
      waitUntilReady(`${replicas.a}/readyz`, a),
      waitUntilReady(`${replicas.b}/readyz`, b),
    ]);
  } catch (error) {
    await Promise.all(children.map(kill));
    throw error;
  }

  return {
    githubUrl,
    stripeUrl,
    replicas,
    children,
    startWorker: async (name, env = {}) => {
      const worker = start(name, WORKER, { ...shared, LOG_LEVEL: 'info', ...env });
      await waitForLine(worker, 'collector worker');
      return worker;
    },
  };
}

function waitForLine(child: Child, text: string): Promise<true> {
  return waitFor(
    `"${text}" from ${child.name}`,
    async () => (child.output().includes(text) ? true : undefined),
    {
      timeoutMs: 40_000,
      children: [child],
    },
  );
}
