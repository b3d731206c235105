import { endpoints } from '@fluxion/contract';
import { DEMO_COLUMNS, DEMO_PROJECT_ID } from '@fluxion/github-sim';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { createSqliteTestDatabase } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { checkAnswersAgainstContract, endpointsMissingFrom, guardContractRoutes } from './contract-routes.ts';

const database = await createSqliteTestDatabase();
afterAll(() => database.drop());
const { app, ctx } = await buildTestApp(database, { clock: testClock(Date.UTC(2026, 10, 20, 12)) });

describe('the server and the endpoint table', () => {
  it('serves every endpoint of the table', () => {
    expect(endpointsMissingFrom(app)).toEqual([]);
  });

  it('refuses to register a server route the table lacks, and lets the web app and table routes be', async () => {
    const bare = Fastify();
    guardContractRoutes(bare);
    expect(() => bare.get('/api/undocumented/', async () => ({}))).toThrow(
      'GET /api/undocumented/ is not in the endpoint table of packages/contract',
    );
    expect(() => bare.post('/api/me/', async () => ({}))).toThrow(
      /POST \/api\/me\/ is not in the endpoint table/,
    );
    expect(() => bare.get('/api/me/', async () => ({}))).not.toThrow();
    expect(() => bare.get('/lead-time', async () => ({}))).not.toThrow();
    await bare.close();
  });

  it('turns a JSON answer outside the table, even one sent as cached text, into a 500 naming the field', async () => {
    const bare = Fastify();
    checkAnswersAgainstContract(bare);
    let cached = '{"status":"ok"}';
    bare.get('/healthz', async (_request, reply) => reply.type('application/json').send(cached));
    expect((await bare.inject({ url: '/healthz' })).statusCode).toBe(200);
    cached = '{"status":7}';
    const broken = await bare.inject({ url: '/healthz' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toMatchObject({ code: 'contract_mismatch', message: /GET \/healthz .*status/ });
    await bare.close();
  });

  it('serves the OpenAPI document and a readable page of it', async () => {
    const document = await app.inject({ url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    const body = document.json() as { openapi: string; paths: Record<string, unknown> };
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toContain('/api/projects/{id}/column-stats/');
    const page = await app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<code>GET /api/leadtime/</code>');
    expect(page.body).not.toContain('<script');
  });
});

describe('answers match the table', async () => {
  await ensureDemoBoard(ctx, { live: false });
  const { auth } = await signedInUser(ctx);
  const project = encodeURIComponent(DEMO_PROJECT_ID);
  const cases = [
    [endpoints.leadTime, `/api/leadtime/?project=${project}&days=7`],
    [endpoints.timeInState, `/api/timeinstate/?project=${project}&days=7`],
    [endpoints.issues, `/api/issues/?project=${project}&column=${encodeURIComponent(DEMO_COLUMNS[1] ?? '')}`],
    [endpoints.columnStats, `/api/projects/${project}/column-stats/`],
    [endpoints.flow, `/api/flow/?project=${project}`],
    [endpoints.overview, '/api/overview/'],
    [endpoints.listProjects, '/api/projects'],
    [endpoints.me, '/api/me/'],
  ] as const;

  it.each(cases)('%#: %s', async (endpoint, url) => {
    const response = await app.inject({ url, headers: auth });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const parsed = endpoint.responses[200].safeParse(response.json());
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});
