import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { buildTestApp } from './testing/app.ts';
import { createSqliteTestDatabase } from './testing/databases.ts';

const database = await createSqliteTestDatabase();
afterAll(() => database.drop());

function fakeWebBuild() {
  const root = mkdtempSync(join(tmpdir(), 'fluxion-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Fluxion</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  return root;
}

describe('the HTTP shell', () => {
  it('answers /healthz and /readyz with JSON', async () => {
    const { app } = await buildTestApp(database);
    const health = await app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('reports not ready when the database is gone', async () => {
    const other = await createSqliteTestDatabase();
    const { app } = await buildTestApp(other);
    // Ready first (the copied database is opened on first use), then gone.
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await other.handle.close();
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
  });

  it('serves the SPA for client-side routes and JSON 404 for unknown API paths', async () => {
    const { app } = await buildTestApp(database, { webRoot: fakeWebBuild() });
    const page = await app.inject('/lead-time?demo=1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Fluxion</title>');
    expect((await app.inject('/assets/app.js')).body).toBe('console.log(1)');
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
    const api = await app.inject('/api/nothing-here/');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'not_found' });
  });

  it("names the operator's privacy contact in the privacy policy (PRIVACY_CONTACT), privacy@ its host by default", async () => {
    const root = fakeWebBuild();
    copyFileSync(join(process.cwd(), 'apps/web/public/privacy.html'), join(root, 'privacy.html'));
    const named = await buildTestApp(database, {
      webRoot: root,
      config: { privacyContact: 'dpo@example.org' },
    });
    const page = await named.app.inject('/privacy.html');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<a href="mailto:dpo@example.org">dpo@example.org</a>');
    expect(page.body).not.toContain('{{PRIVACY_CONTACT}}');
    expect(loadConfig({ DATA_DIR: root }).privacyContact).toBe('privacy@localhost');
    const hosted = loadConfig({ DATA_DIR: root, PUBLIC_URL: 'https://flow.example.com' });
    expect(hosted.privacyContact).toBe('privacy@flow.example.com');
    expect(() => loadConfig({ DATA_DIR: root, PRIVACY_CONTACT: 'not an address' })).toThrow(
      /PRIVACY_CONTACT/,
    );
  });

  it('lets browsers keep the hashed bundles for good, and check index.html every time', async () => {
    const { app } = await buildTestApp(database, { webRoot: fakeWebBuild() });
    const bundle = await app.inject('/assets/app.js');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/lead-time']) {
      expect((await app.inject(url)).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses big answers for clients that accept it, and sends them plain to others', async () => {
    const root = fakeWebBuild();
    const bundle = `export const data = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ i })))};`;
    writeFileSync(join(root, 'assets', 'big.js'), bundle);
    const { app } = await buildTestApp(database, { webRoot: root });
    const br = await app.inject({ url: '/assets/big.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 4);
    const gzip = await app.inject({ url: '/assets/big.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundle);
    const plain = await app.inject('/assets/big.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });
});
