import { DEMO_PROJECT_ID, type GithubSim, startGithubSim } from '@fluxion/github-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGithubClient } from './client.ts';
import { GithubSchemaError } from './errors.ts';

/** A host serving the published @octokit/graphql-schema exactly: no items(query:), no v2 timeline events. */
let older: GithubSim;
let current: GithubSim;
const warnings: { feature?: unknown }[] = [];

function clientOf(sim: GithubSim) {
  const logger = { warn: (details: { feature?: unknown }) => warnings.push(details) };
  return createGithubClient({ apiUrl: sim.url, token: sim.createToken('octo-bob'), logger });
}

async function useSchema(sim: GithubSim, schema: 'published' | 'extended') {
  const response = await fetch(`${sim.url}/_sim/schema`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ schema }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  older = await startGithubSim({ port: 0, schema: 'published' });
  current = await startGithubSim({ port: 0 });
});
afterAll(async () => {
  await older.close();
  await current.close();
});

describe('GitHub client on a host without the schema additions', () => {
  it('lists every item, and falls back to that when asked to filter, detecting it once per host', async () => {
    const client = clientOf(older);
    const all = await client.listProjectItems(DEMO_PROJECT_ID);
    expect(all.length).toBeGreaterThanOrEqual(180);
    expect((await client.listProjectItems(DEMO_PROJECT_ID, { updatedSinceDays: 3 })).length).toBe(all.length);
    expect(warnings.filter((w) => w.feature === 'filteredItems')).toHaveLength(1);
    // Remembered for the host (a new client, even once the host could filter): no second attempt.
    await useSchema(older, 'extended');
    const again = await clientOf(older).listProjectItems(DEMO_PROJECT_ID, { updatedSinceDays: 3 });
    expect(again.length).toBe(all.length);
    expect(warnings.filter((w) => w.feature === 'filteredItems')).toHaveLength(1);
    await useSchema(older, 'published');
  });

  it('refuses the timeline backfill with a schema error', async () => {
    const client = clientOf(older);
    await expect(client.getStatusHistory({ projectId: DEMO_PROJECT_ID })).rejects.toBeInstanceOf(
      GithubSchemaError,
    );
    await expect(client.getStatusHistory({ projectId: DEMO_PROJECT_ID })).rejects.toBeInstanceOf(
      GithubSchemaError,
    );
    expect(warnings.filter((w) => w.feature === 'projectTimelines')).toHaveLength(1);
  });

  it('still filters and reads timelines on a host that has them', async () => {
    const client = clientOf(current);
    const all = await client.listProjectItems(DEMO_PROJECT_ID);
    const recent = await client.listProjectItems(DEMO_PROJECT_ID, { updatedSinceDays: 3 });
    expect(recent.length).toBeLessThan(all.length);
    expect((await client.getStatusHistory({ projectId: DEMO_PROJECT_ID })).length).toBeGreaterThanOrEqual(
      180,
    );
  });
});
