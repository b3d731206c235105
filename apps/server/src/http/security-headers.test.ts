import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { createSqliteTestDatabase } from '../testing/databases.ts';

/** A stand-in for the built web app: the SPA fallback serves index.html. */
function webRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'fluxion-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  return root;
}

function directives(csp: string): Map<string, string> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('security headers', async () => {
  const database = await createSqliteTestDatabase();
  const plain = await buildTestApp(database, { webRoot: webRoot() });
  const https = await buildTestApp(database, {
    webRoot: webRoot(),
    config: { publicUrl: 'https://fluxion.example' },
  });
  afterAll(async () => {
    await Promise.all([plain.app.close(), https.app.close()]);
    await database.drop();
  });

  it('the web app and the API may not be framed, sniffed or leak the URL in a Referer', async () => {
    for (const url of ['/', '/lead-time', '/api/me/', '/healthz']) {
      const { headers } = await plain.app.inject(url);
      const csp = directives(String(headers['content-security-policy']));
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      expect(headers['x-frame-options'], url).toBe('DENY');
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('the CSP allows no inline or foreign script, and images only from here and GitHub', async () => {
    const { headers } = await plain.app.inject('/');
    const csp = directives(String(headers['content-security-policy']));
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('img-src')).toContain('https://avatars.githubusercontent.com');
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('HSTS only when served over https', async () => {
    expect((await plain.app.inject('/')).headers['strict-transport-security']).toBeUndefined();
    const secure = await https.app.inject('/');
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(
      directives(String(secure.headers['content-security-policy'])).has('upgrade-insecure-requests'),
    ).toBe(true);
  });
});

describe('the GitHub webhook route', async () => {
  const database = await createSqliteTestDatabase();
  afterAll(() => database.drop());

  it('is on with real GitHub even without GITHUB_WEBHOOK_SECRET (organizations sign with their own secrets): 401 unsigned', async () => {
    const base = await buildTestApp(database);
    const off = await buildTestApp(database, {
      config: { localMode: false, github: { ...base.ctx.config.github, webhookSecret: null } },
    });
    const post = (app: typeof base) =>
      app.app.inject({ method: 'POST', url: '/webhooks/github', payload: { zen: 'hi' } });
    expect((await post(off)).statusCode).toBe(401);
    expect((await post(base)).statusCode).toBe(401);
    await Promise.all([base.app.close(), off.app.close()]);
  });
});
