import { DEMO_PROJECT_ID } from '@fluxion/demo-board';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { createSqliteTestDatabase } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { ensureDemoBoard } from './demo.ts';

/** docs/api.md: the demo is `static` with real GitHub, `active` in local mode where it is collected. */
describe("the demo project's sync_status", async () => {
  const database = await createSqliteTestDatabase();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database);
  const { auth } = await signedInUser(ctx);
  const demoStatus = async () => {
    const projects = (await app.inject({ url: '/api/projects/', headers: auth })).json() as {
      project_id: string;
      sync_status: string;
    }[];
    return projects.find((p) => p.project_id === DEMO_PROJECT_ID)?.sync_status;
  };

  it('is static when nothing moves it, active when the local simulator moves it (and the collector reads it)', async () => {
    await ensureDemoBoard(ctx, { live: false });
    expect(await demoStatus()).toBe('static');
    await ensureDemoBoard(ctx, { live: true });
    expect(await demoStatus()).toBe('active');
  });
});
