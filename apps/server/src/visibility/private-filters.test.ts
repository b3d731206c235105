import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { trackAndCollect } from '../testing/tracking.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { simInstall } from '../testing/github-app.ts';
import { signedInAppUser } from '../testing/users.ts';
import { simControl } from '../testing/sim-control.ts';

/**
 * A filter must not reveal what the viewer may not see. An item of a repository the viewer
 * cannot read has unknown labels, milestone, type, repository and assignees: no content filter keeps it.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const DAY = 86_400_000;

async function control<T>(path: string, body: unknown): Promise<T> {
  return simControl<T>(sim.url, path, body);
}

/** An org board: one item of a repository only Bob reads (label `hsm-only`), one public, both in progress. */
async function vaultBoard(): Promise<string> {
  const now = sim.world.now();
  const board = await control<{ id: string }>('/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Vault filters',
    columns: ['Todo', 'In Progress', 'Done'],
    at: new Date(now - 40 * DAY).toISOString(),
  });
  const issue = (title: string, extra: Record<string, unknown>) =>
    control('/_sim/issues', {
      title,
      projectId: board.id,
      status: 'In Progress',
      actor: 'octo-bob',
      ...extra,
    });
  await issue('Move the HSM', {
    repo: 'fluxion-labs/vault',
    labels: ['hsm-only'],
    milestone: 'Q4 vault',
    visibleTo: ['octo-bob'],
    at: new Date(now - 20 * DAY).toISOString(),
  });
  await issue('Write the runbook', {
    repo: 'fluxion-labs/platform',
    at: new Date(now - 2 * DAY).toISOString(),
  });
  return board.id;
}

const vault = await vaultBoard();
// Users signed in through the GitHub App, installed on the organization: as on GitHub, the tokens that show
// each user their private items (a classic token without `repo` reads them REDACTED for everybody).
await simInstall(sim, 'fluxion-labs');

describe.each(cases)('filters and private items ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url, clock: testClock(Date.now()) });
  const bob = await signedInAppUser(ctx, sim, 'octo-bob');
  const alice = await signedInAppUser(ctx, sim, 'octo-alice');
  await trackAndCollect({ app, ctx }, [vault], [bob, alice]);

  const count = async (user: typeof bob, filter: string) => {
    const url = `/api/projects/${encodeURIComponent(vault)}/column-stats/?${filter}`;
    const response = await app.inject({ url, headers: user.auth });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response.json().column_stats['In Progress']?.count ?? 0;
  };

  it("counts Bob's private item under its label for Bob only; for Alice it matches no content filter", async () => {
    expect(await count(bob, 'label=hsm-only')).toBe(1);
    expect(await count(alice, 'label=hsm-only')).toBe(0);
    expect(await count(bob, 'milestone=Q4%20vault')).toBe(1);
    expect(await count(alice, 'milestone=Q4%20vault')).toBe(0);
    expect(await count(bob, 'repo=fluxion-labs/vault')).toBe(1);
    expect(await count(alice, 'repo=fluxion-labs/vault')).toBe(0);
    // "None of" does not reveal it either: its labels are unknown to Alice, so it is left out.
    expect(await count(alice, 'not_label=hsm-only')).toBe(1);
    expect(await count(alice, 'not_label=anything')).toBe(1);
    expect(await count(bob, 'not_label=anything')).toBe(2);
    // Without a content filter, Alice counts it as before.
    expect(await count(alice, '')).toBe(2);
  });

  it("never sends Alice the private item's content in a filtered answer", async () => {
    const url = `/api/flow/?project=${encodeURIComponent(vault)}&label=hsm-only`;
    const body = (await app.inject({ url, headers: alice.auth })).body;
    for (const secret of ['Move the HSM', 'fluxion-labs/vault', 'Q4 vault'])
      expect(body).not.toContain(secret);
  });
});
