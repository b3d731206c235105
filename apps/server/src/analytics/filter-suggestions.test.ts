import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { trackAndCollect } from '../testing/tracking.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { simControl } from '../testing/sim-control.ts';
import { simInstall } from '../testing/github-app.ts';
import { signedInAppUser } from '../testing/users.ts';

/**
 * The filter bar's suggestions (GET /api/filter-suggestions/) come from the board's stored items as the
 * viewer may see them, and the filter finds a name typed in another case (docs/metrics.md, "Filters").
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const DAY = 86_400_000;

/** An org board: a 'Bug' of the public platform repository twice, and one item of a repository only Bob reads. */
async function board(): Promise<string> {
  const now = sim.world.now();
  const created = await simControl<{ id: string }>(sim.url, '/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Suggestions',
    columns: ['Todo', 'In Progress', 'Done'],
    at: new Date(now - 40 * DAY).toISOString(),
  });
  const issue = (title: string, extra: Record<string, unknown>) =>
    simControl(sim.url, '/_sim/issues', {
      title,
      projectId: created.id,
      status: 'In Progress',
      actor: 'octo-bob',
      at: new Date(now - 3 * DAY).toISOString(),
      ...extra,
    });
  await issue('Checkout fails', { repo: 'fluxion-labs/platform', labels: ['Bug', 'ui'], milestone: 'v2' });
  await issue('Login fails', { repo: 'fluxion-labs/platform', labels: ['Bug'], assignees: ['octo-alice'] });
  await issue('Move the HSM', {
    repo: 'fluxion-labs/vault',
    labels: ['hsm-only'],
    milestone: 'Q4 vault',
    assignees: ['octo-bob'],
    visibleTo: ['octo-bob'],
  });
  return created.id;
}

const project = await board();
// Users signed in through the GitHub App, installed on the organization: as on GitHub, the tokens that show
// Bob his private item (a classic token without `repo` reads it REDACTED for everybody).
await simInstall(sim, 'fluxion-labs');

describe.each(cases)('filter suggestions ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url, clock: testClock(Date.now()) });
  const bob = await signedInAppUser(ctx, sim, 'octo-bob');
  const alice = await signedInAppUser(ctx, sim, 'octo-alice');
  await trackAndCollect({ app, ctx }, [project], [bob, alice]);

  const suggestions = async (user: typeof bob) => {
    const url = `/api/filter-suggestions/?project=${encodeURIComponent(project)}`;
    const response = await app.inject({ url, headers: user.auth });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response.json();
  };
  const names = (list: { name: string }[]) => list.map((value) => value.name);

  it("lists the board's labels, milestones and repositories, most used first, with their item counts", async () => {
    const seen = await suggestions(bob);
    expect(seen.labels).toEqual([
      { name: 'Bug', items: 2 },
      { name: 'hsm-only', items: 1 },
      { name: 'ui', items: 1 },
    ]);
    expect(names(seen.milestones)).toEqual(['Q4 vault', 'v2']);
    expect(names(seen.assignees).sort()).toEqual(['octo-alice', 'octo-bob']);
    expect(seen.repositories).toEqual([
      { name: 'fluxion-labs/platform', items: 2 },
      { name: 'fluxion-labs/vault', items: 1 },
    ]);
  });

  it('suggests nothing of an item the viewer may not read on GitHub', async () => {
    const seen = await suggestions(alice);
    expect(names(seen.labels)).toEqual(['Bug', 'ui']);
    expect(names(seen.milestones)).toEqual(['v2']);
    expect(names(seen.repositories)).toEqual(['fluxion-labs/platform']);
    expect(names(seen.assignees)).not.toContain('octo-bob');
    expect(JSON.stringify(seen)).not.toMatch(/hsm|vault/i);
  });

  it('finds a name typed in another case: label=bug counts the items labelled Bug', async () => {
    const count = async (filter: string) => {
      const url = `/api/projects/${encodeURIComponent(project)}/column-stats/?${filter}`;
      const response = await app.inject({ url, headers: alice.auth });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      return response.json().column_stats['In Progress']?.count ?? 0;
    };
    expect(await count('label=Bug')).toBe(2);
    expect(await count('label=bug')).toBe(2);
    expect(await count('label=BUG&milestone=V2')).toBe(1);
    expect(await count('repo=Fluxion-Labs/Platform')).toBe(2);
    // The CSV export keeps the same items.
    const csv = await app.inject({
      url: `/api/export/items.csv?project=${encodeURIComponent(project)}&label=BUG`,
      headers: alice.auth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Checkout fails');
    expect(csv.body).toContain('Login fails');
  });

  it('refuses a request without a project (400) and a board the caller does not see (404)', async () => {
    const missing = await app.inject({ url: '/api/filter-suggestions/', headers: alice.auth });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/project/);
    const unknown = await app.inject({
      url: '/api/filter-suggestions/?project=PVT_nope',
      headers: alice.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
