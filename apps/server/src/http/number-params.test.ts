import { DEMO_PROJECT_ID } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp } from '../testing/app.ts';
import { createSqliteTestDatabase } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';

const demo = encodeURIComponent(DEMO_PROJECT_ID);
/** What JavaScript's Number() turns into a count, but nobody types as one. */
const NOT_DECIMAL = ['true', '0x10', '%2B5', '%205', '5%20', '1e2', '7.0', ''];

describe('number parameters take decimal integers only', async () => {
  const database = await createSqliteTestDatabase();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database);
  await ensureDemoBoard(ctx, { live: false });
  const { auth } = await signedInUser(ctx);
  const get = (url: string) => app.inject({ url, headers: auth });

  it('query parameters: 400 naming the parameter for anything but digits', async () => {
    const urls = (value: string) => [
      [`/api/leadtime/?project=${demo}&days=${value}`, 'days'],
      [`/api/timeinstate/?project=${demo}&days=${value}`, 'days'],
      [`/api/flow/?project=${demo}&horizon=${value}`, 'horizon'],
      [`/api/overview/?days=${value}`, 'days'],
    ];
    for (const value of NOT_DECIMAL) {
      for (const [url = '', name = ''] of urls(value)) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message, url).toContain(name);
      }
    }
    const repeated = await get(`/api/leadtime/?project=${demo}&days=7&days=8`);
    expect(repeated.statusCode).toBe(400);
    for (const [url = ''] of urls('14')) expect((await get(url)).statusCode, url).toBe(200);
  });

  it('JSON bodies: iteration_length refuses true, [1], "0x10", "+5", " 5" and 2.5; takes 14 and "14"', async () => {
    const save = (iteration_length: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/projects/',
        headers: auth,
        payload: { project_id: 'PVT_nowhere', iteration_length },
      });
    for (const value of [true, [1], '0x10', '+5', ' 5', 2.5, null]) {
      const response = await save(value);
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json().message).toContain('iteration_length');
    }
    // Well-formed numbers get past validation (to "no such board" here).
    for (const value of [14, '14']) expect((await save(value)).statusCode).not.toBe(400);
  });
});
