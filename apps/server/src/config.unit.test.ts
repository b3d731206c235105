import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'fluxion-config-'));

describe('loadConfig', () => {
  it('defaults to local mode on port 3000 with the simulators on the next ports', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.localMode).toBe(true);
    expect(config.github.simPort).toBe(3001);
    expect(config.stripeSimPort).toBe(3002);
    expect(config.databaseUrl).toBeNull();
  });

  it('listens only on this machine in local mode, where sign-in needs no password, unless HOST says so', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).host).toBe('localhost');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const github = { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...github }).host).toBe('0.0.0.0');
  });

  it('names the variable when DATABASE_URL cannot be parsed', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://nope' })).toThrow(
      /^Invalid DATABASE_URL: must be a postgres/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://nope' })).toThrow(ConfigError);
  });

  it('names the variable when PORT is not a port', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/^Invalid PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: '70000' })).toThrow(/^Invalid PORT/);
  });

  it('generates local secrets once and keeps them across starts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret).toHaveLength(64);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.tokenEncryptionKey).toBe(first.tokenEncryptionKey);
  });

  it('uses GitHub when OAuth credentials are configured', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
    });
    expect(config.localMode).toBe(false);
    expect(config.github.apiUrl).toBe('https://api.github.com');
    expect(config.github.webUrl).toBe('https://github.com');
  });

  it('refuses production without explicit secrets', () => {
    const env = {
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      GITHUB_CLIENT_ID: 'a',
      GITHUB_CLIENT_SECRET: 'b',
    };
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET/);
  });

  it('reads the cache sizes and lifetimes, and names the variable of a bad one', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).analytics).toEqual({
      boards: { maxEntries: 8, ttlMs: 600_000 },
      results: { maxEntries: 500, ttlMs: 60_000 },
      flows: { maxEntries: 200, ttlMs: 60_000 },
      overviewBoardsAtOnce: 4,
    });
    const sized = loadConfig({
      DATA_DIR: dataDir(),
      BOARD_CACHE_SIZE: '2',
      BOARD_CACHE_IDLE_MS: '5000',
      RESULT_CACHE_SIZE: '10',
      FLOW_CACHE_SIZE: '20',
      RESULT_CACHE_TTL_MS: '2000',
      OVERVIEW_BOARDS_AT_ONCE: '1',
    }).analytics;
    expect(sized).toEqual({
      boards: { maxEntries: 2, ttlMs: 5_000 },
      results: { maxEntries: 10, ttlMs: 2_000 },
      flows: { maxEntries: 20, ttlMs: 2_000 },
      overviewBoardsAtOnce: 1,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), BOARD_CACHE_SIZE: '0' })).toThrow(
      /^Invalid BOARD_CACHE_SIZE: must be at least 1/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), RESULT_CACHE_TTL_MS: 'a minute' })).toThrow(
      /^Invalid RESULT_CACHE_TTL_MS/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), BOARD_CACHE_SIZE: '4', OVERVIEW_BOARDS_AT_ONCE: '4' }),
    ).toThrow(/^Invalid OVERVIEW_BOARDS_AT_ONCE: must be below BOARD_CACHE_SIZE \(4\)/);
  });

  it('reads the collector timing, and names the variable of a bad one', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).collectorTiming).toEqual({
      tickMs: 5_000,
      pollIntervalMs: 60_000,
      leaseMs: 300_000,
      fullSyncMs: 3_600_000,
      webhookFullSyncMs: 3_600_000,
    });
    const fast = loadConfig({
      DATA_DIR: dataDir(),
      COLLECTOR_TICK_MS: '200',
      COLLECTOR_POLL_MS: '1000',
      COLLECTOR_LEASE_MS: '4000',
      COLLECTOR_FULL_SYNC_MS: '60000',
      COLLECTOR_WEBHOOK_FULL_SYNC_MS: '120000',
    });
    expect(fast.collectorTiming).toEqual({
      tickMs: 200,
      pollIntervalMs: 1_000,
      leaseMs: 4_000,
      fullSyncMs: 60_000,
      webhookFullSyncMs: 120_000,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), COLLECTOR_LEASE_MS: '10' })).toThrow(
      /^Invalid COLLECTOR_LEASE_MS: must be at least 1000 ms/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), COLLECTOR_TICK_MS: 'soon' })).toThrow(
      /^Invalid COLLECTOR_TICK_MS/,
    );
  });

  it('points the Stripe client at STRIPE_API_URL, unless billing is off', () => {
    const sim = loadConfig({ DATA_DIR: dataDir(), STRIPE_API_URL: 'http://127.0.0.1:4002/' });
    expect(sim.stripe).toMatchObject({ mode: 'sim', apiUrl: 'http://127.0.0.1:4002' });
    const production = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      STRIPE_API_URL: 'http://127.0.0.1:4002',
    });
    expect(production.stripe).toMatchObject({ mode: 'off', apiUrl: null });
    expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_API_URL: 'not a url' })).toThrow(
      /^Invalid STRIPE_API_URL/,
    );
  });
  it('with real GitHub and no GITHUB_WEBHOOK_SECRET: webhooks off, no secret generated that GitHub could never know', () => {
    const dir = dataDir();
    const real = { DATA_DIR: dir, GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' };
    expect(loadConfig(real).github.webhookSecret).toBeNull();
    const stored = existsSync(join(dir, 'secrets.json'))
      ? readFileSync(join(dir, 'secrets.json'), 'utf8')
      : '';
    expect(stored).not.toContain('webhookSecret');
    const withSecret = loadConfig({ ...real, GITHUB_WEBHOOK_SECRET: 'a-shared-webhook-secret' });
    expect(withSecret.github.webhookSecret).toBe('a-shared-webhook-secret');
    expect(loadConfig({ DATA_DIR: dataDir() }).github.webhookSecret).toMatch(/^[0-9a-f]{40}$/);
  });

  it('reads TRUST_PROXY and AUTH_RATE_LIMIT, and names the variable of a bad one', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      trustProxy: false,
      authRateLimitPerMinute: 30,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(loadConfig({ DATA_DIR: dataDir(), AUTH_RATE_LIMIT: '5' }).authRateLimitPerMinute).toBe(5);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'everyone' })).toThrow(
      /^Invalid TRUST_PROXY/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), AUTH_RATE_LIMIT: '0' })).toThrow(
      /^Invalid AUTH_RATE_LIMIT/,
    );
  });
});
