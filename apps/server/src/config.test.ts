import { mkdtempSync } from 'node:fs';
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
});
