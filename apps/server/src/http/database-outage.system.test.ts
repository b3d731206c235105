import { randomUUID } from 'node:crypto';
import { sign } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogs, type TestApp } from '../testing/app.ts';
import { createPostgresTestDatabase, isPostgresReachable, type TestDatabase } from '../testing/databases.ts';
import { cutDatabaseOff } from '../testing/outage.ts';
import { signedInUser } from '../testing/users.ts';

/** A signed `projects_v2_item` delivery of a move on a board nobody tracks. */
async function moveDelivery(secret: string, delivery: string) {
  const payload = JSON.stringify({
    action: 'edited',
    projects_v2_item: {
      node_id: 'PVTI_outage',
      project_node_id: 'PVT_outage',
      updated_at: '2026-11-01T00:00:00Z',
    },
    changes: { field_value: { field_name: 'Status', from: { name: 'Todo' }, to: { name: 'Done' } } },
  });
  return {
    method: 'POST' as const,
    url: '/webhooks/github',
    payload,
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'projects_v2_item',
      'x-github-delivery': delivery,
      'x-hub-signature-256': await sign(secret, payload),
    },
  };
}

describe.runIf(await isPostgresReachable())('while the PostgreSQL database is away', () => {
  let database: TestDatabase;
  let testApp: TestApp;
  let auth: { authorization: string };
  const logs = captureLogs();

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    testApp = await buildTestApp(database, { logs, config: { logLevel: 'warn' } });
    auth = (await signedInUser(testApp.ctx)).auth;
  });

  afterAll(async () => {
    await testApp?.app.close();
    await database?.drop();
  });

  it('answers 503 with Retry-After to the API, /readyz and GitHub webhooks, then recovers by itself', async () => {
    const { app, ctx } = testApp;
    const secret = ctx.config.github.webhookSecret ?? '';
    const delivery = randomUUID();
    // Away until the test has seen every answer, not for a set time: on a loaded machine the eight requests
    // outlasted a 1.5 s outage and the last ones were answered 200.
    const cut = await cutDatabaseOff(database.url ?? '');

    const projects = await app.inject({ url: '/api/projects/', headers: auth });
    expect(projects.statusCode).toBe(503);
    expect(projects.headers['retry-after']).toBe('5');
    expect(projects.json()).toEqual({
      error: 'database_unavailable',
      message: 'The database is unavailable; try again in a few seconds',
    });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    // Not 2xx: GitHub marks the delivery failed, and it is delivered again once the database is back.
    expect((await app.inject(await moveDelivery(secret, delivery))).statusCode).toBe(503);
    // Every request fails alike: one warning line, not one per request, and no stack.
    for (let i = 0; i < 5; i += 1) {
      expect((await app.inject({ url: '/api/projects/', headers: auth })).statusCode).toBe(503);
    }
    const warnings = logs.lines.filter((line) => line.includes('"msg":"database unavailable"'));
    expect(warnings).toHaveLength(1);
    expect(logs.text()).not.toContain('"stack"');

    await cut.restore();
    expect((await app.inject({ url: '/api/projects/', headers: auth })).statusCode).toBe(200);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    const again = await app.inject(await moveDelivery(secret, delivery));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'untracked' });
  });
});
