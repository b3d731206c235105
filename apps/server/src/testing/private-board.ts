import type { GithubSim } from '@fluxion/github-sim';
import { createCollector } from '../collector/runner.ts';
import { readerFactory } from '../collector/readers.ts';
import { buildTestApp, testClock, testConfig } from './app.ts';
import type { TestDatabase } from './databases.ts';
import { simAppConfig, simInstall } from './github-app.ts';
import { signedInAppUser } from './users.ts';
import { simControl } from './sim-control.ts';

const DAY = 86_400_000;
export const VAULT_SECRETS = ['Move the HSM', 'fluxion-labs/vault', 'hsm-only', 'Q4 vault'];

async function control<T>(sim: GithubSim, path: string, body: unknown): Promise<T> {
  return simControl<T>(sim.url, path, body);
}

/**
 * An org board (simulator) with one item in progress in a repository only Bob reads, one to do in a
 * repository Alice reads too, and a draft: the world of "what may each viewer see".
 */
export async function vaultBoard(sim: GithubSim): Promise<string> {
  const now = sim.world.now();
  const board = await control<{ id: string }>(sim, '/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Vault migration',
    columns: ['Todo', 'In Progress', 'Done'],
    at: new Date(now - 40 * DAY).toISOString(),
  });
  const issue = (title: string, extra: Record<string, unknown>) =>
    control(sim, '/_sim/issues', { title, projectId: board.id, actor: 'octo-bob', ...extra });
  await issue('Move the HSM', {
    repo: 'fluxion-labs/vault',
    status: 'In Progress',
    labels: ['hsm-only'],
    milestone: 'Q4 vault',
    visibleTo: ['octo-bob'],
    at: new Date(now - 20 * DAY).toISOString(),
  });
  const todo = { status: 'Todo', at: new Date(now - 2 * DAY).toISOString() };
  await issue('Write the runbook', { repo: 'fluxion-labs/platform', ...todo });
  await issue('Vault notes', { repo: '', kind: 'DraftIssue', ...todo });
  return board.id;
}

/**
 * The app on `database`, with Bob and Alice both tracking `boardId` (Bob first: his token reads it), collected.
 * Both signed in through the GitHub App, installed on the organization: as on GitHub, the tokens that show
 * each user their private items (a classic token without `repo` reads them REDACTED for everybody).
 */
export async function twoViewersOfBoard(database: TestDatabase, sim: GithubSim, boardId: string) {
  const installed = (await (await fetch(`${sim.url}/_sim/installations`)).json()) as {
    account: { login: string } | null;
  }[];
  if (!installed.some((i) => i.account?.login === 'fluxion-labs')) await simInstall(sim, 'fluxion-labs');
  // The App configured as well, so that users' tokens are refreshed when the test's clock jumps past their 8 hours.
  const testApp = await buildTestApp(database, {
    githubUrl: sim.url,
    clock: testClock(Date.now()),
    config: { github: { ...testConfig().github, app: simAppConfig(sim) } },
  });
  const { app, ctx } = testApp;
  const bob = await signedInAppUser(ctx, sim, 'octo-bob');
  const alice = await signedInAppUser(ctx, sim, 'octo-alice');
  for (const user of [bob, alice]) {
    const payload = { project_id: boardId, iteration_length: 7 };
    const added = await app.inject({ method: 'POST', url: '/api/projects/', headers: user.auth, payload });
    if (added.statusCode !== 201) throw new Error(`add ${boardId}: ${added.statusCode} ${added.body}`);
  }
  const reader = readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 });
  await createCollector(ctx, reader, { backfill: false }).runOnce();
  return { ...testApp, bob, alice };
}
