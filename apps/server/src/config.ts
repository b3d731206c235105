import { createPrivateKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.url().optional();
const HOUR_MS = 60 * 60_000;
const milliseconds = (min: number, max: number) =>
  z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(min, `must be at least ${min} ms`)
    .max(max, `must be at most ${max} ms`);
const count = (min: number, max: number) =>
  z.coerce
    .number()
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const trustProxyHint = 'must be true, false, a number of proxies, or addresses/CIDRs separated by commas';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), 'must be a postgres://… URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_API_URL: optionalUrl,
  GITHUB_WEB_URL: optionalUrl,
  GITHUB_WEBHOOK_SECRET: z.string().min(16).optional(),
  // The GitHub App (docs/github.md): all six or none, checked in githubApp(); the key is never echoed.
  GITHUB_APP_ID: z.string().regex(/^\d+$/, 'must be the App id (digits)').optional(),
  GITHUB_APP_PRIVATE_KEY: z.string().optional(),
  GITHUB_APP_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_APP_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_APP_WEBHOOK_SECRET: z.string().min(1).optional(),
  GITHUB_APP_SLUG: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/i, 'must be the App slug from its URL (github.com/apps/<slug>)')
    .optional(),
  GITHUB_SIM_PORT: port.optional(),
  STRIPE_SIM_PORT: port.optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^[sr]k_(test|live)_\S+$/, 'must be a secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\S+$/, 'must start with pk_test_ or pk_live_')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must start with whsec_')
    .optional(),
  STRIPE_API_URL: optionalUrl,
  STRIPE_PRICE_ID: z
    .string()
    .regex(/^price_\S+$/, 'must start with price_')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-f.:/, ]+|loopback|linklocal|uniquelocal)$/i, trustProxyHint)
    .default('false'),
  AUTH_RATE_LIMIT: z.coerce
    .number()
    .int('must be a whole number of requests')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(30),
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  COLLECTOR: z.enum(['inprocess', 'off']).default('inprocess'),
  COLLECTOR_TICK_MS: milliseconds(100, HOUR_MS).default(5_000),
  COLLECTOR_POLL_MS: milliseconds(1_000, HOUR_MS).default(60_000),
  COLLECTOR_LEASE_MS: milliseconds(1_000, HOUR_MS).default(5 * 60_000),
  COLLECTOR_FULL_SYNC_MS: milliseconds(1_000, 24 * HOUR_MS).default(60 * 60_000),
  COLLECTOR_WEBHOOK_FULL_SYNC_MS: milliseconds(1_000, 24 * HOUR_MS).default(60 * 60_000),
  BOARD_CACHE_SIZE: count(1, 1_000).default(8),
  BOARD_CACHE_IDLE_MS: milliseconds(1_000, 24 * HOUR_MS).default(10 * 60_000),
  RESULT_CACHE_SIZE: count(1, 100_000).default(500),
  FLOW_CACHE_SIZE: count(1, 100_000).default(200),
  RESULT_CACHE_TTL_MS: milliseconds(1_000, HOUR_MS).default(60_000),
  OVERVIEW_BOARDS_AT_ONCE: count(1, 64).default(4),
  // Notifications (docs/operations.md, "Digest and alerts").
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/[^\s]+$/.test(v) && URL.canParse(v), 'must be an smtp://… or smtps://… URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address, or "Name <address>"')
    .optional(),
  SLACK_WEBHOOK_BASE_URL: z.url().optional(),
  PRIVACY_CONTACT: z.email('must be an e-mail address').optional(),
  NOTIFY_TICK_MS: milliseconds(100, HOUR_MS).default(30_000),
  NOTIFY_LEASE_MS: milliseconds(1_000, HOUR_MS).default(2 * 60_000),
  NOTIFY_RETRY_MS: milliseconds(100, HOUR_MS).default(30_000),
  NOTIFY_TEST_DIGESTS_PER_HOUR: count(1, 1_000).default(6),
  MAIL_SIM_PORT: port.optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** Whom the privacy policy names for questions and requests (PRIVACY_CONTACT; privacy@ the public host). */
  privacyContact: string;
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL: prepare the hot reads marked `PREPARED` (off behind an old transaction-mode pgbouncer). */
  databasePreparedStatements: boolean;
  logLevel: string;
  /** True when no GitHub OAuth credentials are configured: the local simulator stands in for GitHub. */
  localMode: boolean;
  github: {
    clientId: string;
    clientSecret: string;
    apiUrl: string;
    webUrl: string;
    /**
     * The secret organization webhooks used to share (deprecated): accepted only for an organization with no
     * secret of its own (webhooks/org-secrets.ts). null: real GitHub without GITHUB_WEBHOOK_SECRET.
     */
    webhookSecret: string | null;
    simPort: number;
    /** The GitHub App (GITHUB_APP_*), or null when none is configured. */
    app: GithubAppConfig | null;
  };
  stripeSimPort: number;
  stripe: StripeConfig;
  jwtSecret: string;
  tokenEncryptionKey: string;
  /** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): the client address rate limits key on. */
  trustProxy: boolean | number | string;
  /** Requests per minute one client address may make to each sign-in, callback, refresh and logout route. */
  authRateLimitPerMinute: number;
  collector: 'inprocess' | 'off';
  /** How often a collector looks for due boards, polls a board, and how long a claimed board stays its own. */
  collectorTiming: CollectorTiming;
  analytics: AnalyticsSettings;
  notifications: NotificationSettings;
};

/**
 * Where e-mail and Slack messages go (docs/operations.md, "Digest and alerts"). `smtpUrl` null: no SMTP
 * server, so no e-mail (local mode then starts the mail catcher and points this at it).
 */
export type NotificationSettings = {
  smtpUrl: string | null;
  mailFrom: string;
  /** Only webhook URLs under this base are accepted for a board's Slack channel. */
  slackWebhookBase: string;
  tickMs: number;
  leaseMs: number;
  /** The first retry of a failed send comes this long after it, each next one twice as long (at most an hour). */
  retryMs: number;
  /** "Send a test digest now": this many a user may send an hour (each press sends one); then 429. */
  testDigestsPerHour: number;
  /** Local mode: the mail catcher's HTTP port (its page and the Slack receiver); SMTP listens on the next. */
  mailSimPort: number;
};

/**
 * A full (not incremental) sync at least every `fullSyncMs`, to notice deleted items and changes GitHub
 * does not reflect in the board's `updatedAt`; every `webhookFullSyncMs` instead while the board's changes
 * arrive by webhook (they carry the moves).
 */
export type CollectorTiming = {
  tickMs: number;
  pollIntervalMs: number;
  leaseMs: number;
  fullSyncMs: number;
  webhookFullSyncMs: number;
};

/** A GitHub App's registration: reads boards with installation tokens (docs/github.md, "GitHub App"). */
export type GithubAppConfig = {
  appId: string;
  /** PKCS#8 PEM, whatever form GITHUB_APP_PRIVATE_KEY came in. Never logged. */
  privateKey: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  slug: string;
  /**
   * Users sign in through the App (expiring user access tokens); their own boards, which no App token
   * reads, come with the OAuth app's second connection, "Connect personal boards". True whenever an App is
   * configured (GITHUB_APP_*, or local mode's simulator App); false keeps sign-in with the OAuth app.
   */
  signIn: boolean;
};

/** How many entries a cache keeps, and how long one lives (for the board store: since its last use). */
export type CacheSettings = { maxEntries: number; ttlMs: number };

/** The sizes of the caches each app builds for itself, and how many boards the overview loads at once. */
export type AnalyticsSettings = {
  boards: CacheSettings;
  results: CacheSettings;
  flows: CacheSettings;
  overviewBoardsAtOnce: number;
};

/**
 * `stripe`: real Stripe (STRIPE_SECRET_KEY set); `sim`: no key outside production, the local simulator stands in;
 * `off`: no key in production, billing answers 503 (a simulator there would hand out free subscriptions).
 */
export type StripeConfig = {
  mode: 'stripe' | 'sim' | 'off';
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string;
  priceId: string;
  /** The simulator's address (STRIPE_API_URL, or the local one once it listens); null means api.stripe.com. */
  apiUrl: string | null;
};

export class ConfigError extends Error {}

/** Reads and validates the environment once; every failure names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'invalid value'} (got "${env[name] ?? ''}")`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const localMode = !(e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET);
  if (e.NODE_ENV === 'production' && !localMode && (!e.JWT_SECRET || !e.TOKEN_ENCRYPTION_KEY)) {
    throw new ConfigError('Invalid JWT_SECRET / TOKEN_ENCRYPTION_KEY: both are required in production');
  }
  // Each board the overview computes may load into the board store: as many as it holds would evict each other.
  if (e.OVERVIEW_BOARDS_AT_ONCE >= e.BOARD_CACHE_SIZE) {
    throw new ConfigError(
      `Invalid OVERVIEW_BOARDS_AT_ONCE: must be below BOARD_CACHE_SIZE (${e.BOARD_CACHE_SIZE}) (got "${e.OVERVIEW_BOARDS_AT_ONCE}")`,
    );
  }
  const simPort = e.GITHUB_SIM_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1);
  // A generated webhook secret is only of use to the local simulator: GitHub could never learn it.
  const webhook = e.GITHUB_WEBHOOK_SECRET ?? (localMode ? undefined : null);
  const secrets = localSecrets(dataDir, e.JWT_SECRET, e.TOKEN_ENCRYPTION_KEY, webhook);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    // Local mode signs anyone in without a password: only this machine may reach it, unless HOST says so.
    host: e.HOST ?? (localMode ? 'localhost' : '0.0.0.0'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    privacyContact: e.PRIVACY_CONTACT ?? `privacy@${mailDomain(e.PUBLIC_URL)}`,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'on',
    logLevel: e.LOG_LEVEL,
    localMode,
    github: {
      clientId: e.GITHUB_CLIENT_ID ?? 'fluxion-local',
      clientSecret: e.GITHUB_CLIENT_SECRET ?? 'fluxion-local-secret',
      apiUrl: (
        e.GITHUB_API_URL ?? (localMode ? `http://127.0.0.1:${simPort}` : 'https://api.github.com')
      ).replace(/\/$/, ''),
      webUrl: (
        e.GITHUB_WEB_URL ?? (localMode ? `http://localhost:${simPort}` : 'https://github.com')
      ).replace(/\/$/, ''),
      webhookSecret: secrets.webhookSecret,
      simPort,
      app: githubApp(e),
    },
    stripeSimPort: e.STRIPE_SIM_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 2),
    stripe: stripeConfig(e),
    jwtSecret: secrets.jwtSecret,
    tokenEncryptionKey: secrets.tokenEncryptionKey,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT,
    collector: e.COLLECTOR,
    collectorTiming: {
      tickMs: e.COLLECTOR_TICK_MS,
      pollIntervalMs: e.COLLECTOR_POLL_MS,
      leaseMs: e.COLLECTOR_LEASE_MS,
      fullSyncMs: e.COLLECTOR_FULL_SYNC_MS,
      webhookFullSyncMs: e.COLLECTOR_WEBHOOK_FULL_SYNC_MS,
    },
    analytics: {
      boards: { maxEntries: e.BOARD_CACHE_SIZE, ttlMs: e.BOARD_CACHE_IDLE_MS },
      results: { maxEntries: e.RESULT_CACHE_SIZE, ttlMs: e.RESULT_CACHE_TTL_MS },
      flows: { maxEntries: e.FLOW_CACHE_SIZE, ttlMs: e.RESULT_CACHE_TTL_MS },
      overviewBoardsAtOnce: e.OVERVIEW_BOARDS_AT_ONCE,
    },
    notifications: {
      smtpUrl: e.SMTP_URL ?? null,
      mailFrom: e.MAIL_FROM ?? `Fluxion Analytics <notifications@${mailDomain(e.PUBLIC_URL)}>`,
      slackWebhookBase: e.SLACK_WEBHOOK_BASE_URL ?? 'https://hooks.slack.com/services/',
      tickMs: e.NOTIFY_TICK_MS,
      leaseMs: e.NOTIFY_LEASE_MS,
      retryMs: e.NOTIFY_RETRY_MS,
      testDigestsPerHour: e.NOTIFY_TEST_DIGESTS_PER_HOUR,
      mailSimPort: e.MAIL_SIM_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 3),
    },
  };
}

/** The sender's domain when MAIL_FROM is unset: the public URL's host (`localhost` in local mode). */
function mailDomain(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : 'localhost';
}

const APP_VARIABLES = [
  'GITHUB_APP_ID',
  'GITHUB_APP_PRIVATE_KEY',
  'GITHUB_APP_CLIENT_ID',
  'GITHUB_APP_CLIENT_SECRET',
  'GITHUB_APP_WEBHOOK_SECRET',
  'GITHUB_APP_SLUG',
] as const;

/** The GitHub App's six settings, all or none; a partial set names what is missing. */
function githubApp(e: z.infer<typeof envSchema>): GithubAppConfig | null {
  const missing = APP_VARIABLES.filter((name) => !e[name]);
  if (missing.length === APP_VARIABLES.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid GitHub App settings: ${missing.join(', ')} missing (set all six GITHUB_APP_* variables or none)`,
    );
  }
  return {
    appId: e.GITHUB_APP_ID as string,
    privateKey: appPrivateKey(e.GITHUB_APP_PRIVATE_KEY as string),
    clientId: e.GITHUB_APP_CLIENT_ID as string,
    clientSecret: e.GITHUB_APP_CLIENT_SECRET as string,
    webhookSecret: e.GITHUB_APP_WEBHOOK_SECRET as string,
    slug: e.GITHUB_APP_SLUG as string,
    signIn: true,
  };
}

/**
 * The App's private key as PKCS#8 PEM. GitHub hands out PKCS#1 (`BEGIN RSA PRIVATE KEY`); a key in one
 * line with `\n` escapes (as environment files often hold it) is accepted too. The message never shows it.
 */
export function appPrivateKey(value: string): string {
  const pem = value.replace(/\\r\\n|\\n/g, '\n').trim();
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    return key.export({ type: 'pkcs8', format: 'pem' }).toString();
  } catch {
    throw new ConfigError(
      "Invalid GITHUB_APP_PRIVATE_KEY: must be the App's RSA private key in PEM (the .pem file GitHub generated; one line with \\n escapes also works)",
    );
  }
}

function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig {
  const mode = e.STRIPE_SECRET_KEY ? 'stripe' : e.NODE_ENV === 'production' ? 'off' : 'sim';
  if (mode === 'stripe' && !(e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_ID)) {
    throw new ConfigError(
      'Invalid STRIPE_WEBHOOK_SECRET / STRIPE_PRICE_ID: both are required with STRIPE_SECRET_KEY',
    );
  }
  return {
    mode,
    secretKey: e.STRIPE_SECRET_KEY ?? 'sk_test_fluxion_local',
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('hex')}`,
    priceId: e.STRIPE_PRICE_ID ?? 'price_fluxion_pro_monthly',
    apiUrl: mode === 'off' ? null : (e.STRIPE_API_URL?.replace(/\/$/, '') ?? null),
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

type Secrets = { jwtSecret: string; tokenEncryptionKey: string; webhookSecret: string | null };
type StoredSecrets = { jwtSecret: string; tokenEncryptionKey: string; webhookSecret?: string };

/**
 * Secrets come from the environment; when absent (local use) they are generated once into DATA_DIR.
 * `webhook` null: no webhook secret is wanted (real GitHub without one), so none is generated.
 */
function localSecrets(dataDir: string, jwt?: string, key?: string, webhook?: string | null): Secrets {
  if (jwt && key && webhook !== undefined)
    return { jwtSecret: jwt, tokenEncryptionKey: key, webhookSecret: webhook };
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<StoredSecrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
  const merged: StoredSecrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(32).toString('hex'),
    tokenEncryptionKey: stored.tokenEncryptionKey ?? randomBytes(32).toString('hex'),
    ...(webhook === undefined || stored.webhookSecret
      ? { webhookSecret: stored.webhookSecret ?? randomBytes(20).toString('hex') }
      : {}),
  };
  if (JSON.stringify(stored) !== JSON.stringify(merged)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(merged, null, 2), { mode: 0o600 });
  }
  return {
    jwtSecret: jwt ?? merged.jwtSecret,
    tokenEncryptionKey: key ?? merged.tokenEncryptionKey,
    webhookSecret: webhook === undefined ? (merged.webhookSecret ?? null) : webhook,
  };
}
