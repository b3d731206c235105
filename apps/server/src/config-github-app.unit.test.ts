import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'fluxion-config-app-'));

/** GitHub hands out PKCS#1 PEM files. */
const pkcs1 = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
  type: 'pkcs1',
  format: 'pem',
}) as string;

const app = {
  GITHUB_APP_ID: '123456',
  GITHUB_APP_PRIVATE_KEY: pkcs1,
  GITHUB_APP_CLIENT_ID: 'Iv23liAbCdEf',
  GITHUB_APP_CLIENT_SECRET: 'app-client-secret',
  GITHUB_APP_WEBHOOK_SECRET: 'app-webhook-secret',
  GITHUB_APP_SLUG: 'fluxion-analytics',
};

describe('GitHub App settings', () => {
  it('are off when none is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).github.app).toBeNull();
  });

  it('are read when all six are set, the key turned into PKCS#8', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ...app });
    expect(config.github.app).toMatchObject({
      appId: '123456',
      clientId: 'Iv23liAbCdEf',
      clientSecret: 'app-client-secret',
      webhookSecret: 'app-webhook-secret',
      slug: 'fluxion-analytics',
    });
    expect(config.github.app?.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
  });

  it('accept the key in one line with \\n escapes', () => {
    const oneLine = pkcs1.trim().split('\n').join('\\n');
    expect(oneLine).not.toContain('\n');
    const config = loadConfig({ DATA_DIR: dataDir(), ...app, GITHUB_APP_PRIVATE_KEY: oneLine });
    expect(config.github.app?.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
  });

  it('stop start-up with one line naming what a partial set lacks', () => {
    const { GITHUB_APP_SLUG: _slug, GITHUB_APP_CLIENT_SECRET: _secret, ...partial } = app;
    const load = () => loadConfig({ DATA_DIR: dataDir(), ...partial });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      'Invalid GitHub App settings: GITHUB_APP_CLIENT_SECRET, GITHUB_APP_SLUG missing (set all six GITHUB_APP_* variables or none)',
    );
  });

  it('refuse a key that is not one, without showing it', () => {
    const bad = `${pkcs1.slice(0, 200)}garbage`;
    let message = '';
    try {
      loadConfig({ DATA_DIR: dataDir(), ...app, GITHUB_APP_PRIVATE_KEY: bad });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid GITHUB_APP_PRIVATE_KEY: /);
    expect(message).not.toContain(pkcs1.slice(40, 80));
    expect(message.split('\n')).toHaveLength(1);
  });

  it('name a bad App id or slug', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...app, GITHUB_APP_ID: 'abc' })).toThrow(
      /^Invalid GITHUB_APP_ID: must be the App id/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...app, GITHUB_APP_SLUG: 'a b' })).toThrow(
      /^Invalid GITHUB_APP_SLUG/,
    );
  });
});
