import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
});
