import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { trackAndCollect } from '../testing/tracking.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { simControl } from '../testing/sim-control.ts';
import { signedInGithubUser } from '../testing/users.ts';
import { ensureDemoBoard } from './demo.ts';

/**
 * GET /api/projects/{id}/removal/ says what DELETE would do (docs/api.md, Projects), so the confirmation
 * can say it: the demo is hidden, a board others track keeps its history, the last tracker's delete
 * deletes every recorded move.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const DAY = 86_400_000;

async function board(): Promise<string> {
  const now = sim.world.now();
  const created = await simControl<{ id: string }>(sim.url, '/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Removal',
    columns: ['Todo', 'In Progress', 'Done'],
    at: new Date(now - 40 * DAY).toISOString(),
  });
  for (const [title, status] of [
    ['One', 'Todo'],
    ['Two', 'In Progress'],
    ['Three', 'Done'],
  ])
    await simControl(sim.url, '/_sim/issues', {
      title,
      projectId: created.id,
      status,
      repo: 'fluxion-labs/platform',
      actor: 'octo-bob',
      at: new Date(now - 5 * DAY).toISOString(),
    });
  return created.id;
}

const project = await board();

describe.each(cases)('what removing a project does ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url, clock: testClock(Date.now()) });
  const bob = await signedInGithubUser(ctx, sim, 'octo-bob');
  const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
  await trackAndCollect({ app, ctx }, [project], [bob, alice]);
  const path = (id: string) => `/api/projects/${encodeURIComponent(id)}/`;
  const removal = async (user: typeof bob, id = project) => {
    const response = await app.inject({ url: `${path(id)}removal/`, headers: user.auth });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response.json();
  };
  const storedMoves = async () => {
    const row = await ctx.db
      .selectFrom('transitions')
      .innerJoin('boards', 'boards.id', 'transitions.board_id')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('boards.github_project_id', '=', project)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  };

  it("says a board others track keeps its history for them, and the last tracker's delete deletes it all", async () => {
    const moves = await storedMoves();
    expect(moves).toBeGreaterThan(0);
    expect(await removal(alice)).toEqual({ effect: 'untrack', recorded_moves: moves });
    expect(await removal(bob)).toEqual({ effect: 'untrack', recorded_moves: moves });

    expect((await app.inject({ method: 'DELETE', url: path(project), headers: bob.auth })).statusCode).toBe(
      204,
    );
    expect(await storedMoves()).toBe(moves);
    expect(await removal(alice)).toEqual({ effect: 'delete', recorded_moves: moves });

    expect((await app.inject({ method: 'DELETE', url: path(project), headers: alice.auth })).statusCode).toBe(
      204,
    );
    expect(await storedMoves()).toBe(0);
    const gone = await app.inject({ url: `${path(project)}removal/`, headers: alice.auth });
    expect(gone.statusCode).toBe(404);
  });

  it('says the demo is only hidden', async () => {
    await ensureDemoBoard(ctx, { live: false });
    const listed = (await app.inject({ url: '/api/projects/', headers: alice.auth })).json();
    const demo = listed.find((p: { is_demo: boolean }) => p.is_demo);
    const answer = await removal(alice, demo.project_id);
    expect(answer.effect).toBe('hide');
    expect(answer.recorded_moves).toBeGreaterThan(0);
  });
});
