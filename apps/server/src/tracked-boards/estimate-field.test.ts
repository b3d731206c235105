import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { readIterationFields } from '../iterations/queries.ts';
import { buildTestApp } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { simControl } from '../testing/sim-control.ts';
import { signedInGithubUser } from '../testing/users.ts';

/** The estimate field is a board-wide shared setting: only who sets the board's shared settings changes it. */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());

describe.each(cases)("a board's estimate field on $name", async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url });
  const board = await simControl<{ id: string }>(sim.url, '/_sim/projects', {
    owner: 'fluxion-labs',
    title: `Estimated ${create.name}`,
    columns: ['Todo', 'Doing', 'Done'],
    numberFields: ['Points', 'Size'],
  });
  const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
  const bob = await signedInGithubUser(ctx, sim, 'octo-bob');
  const fields = await app.inject({
    url: `/api/github-project-fields/?project_id=${board.id}`,
    headers: alice.auth,
  });
  const numberFields: { id: string; name: string }[] = fields.json().number_fields;
  const idOf = (name: string) => numberFields.find((f) => f.name === name)?.id ?? '';
  const save = (who: typeof alice, extra: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: who.auth,
      payload: { project_id: board.id, iteration_length: 7, ...extra },
    });
  const stored = async () => {
    const row = await ctx.db
      .selectFrom('boards')
      .select('id')
      .where('github_project_id', '=', board.id)
      .executeTakeFirstOrThrow();
    return (await readIterationFields(ctx.db, row.id)).estimateField?.name ?? null;
  };

  it('is chosen by the first tracker; another tracker repeating it or leaving it out is fine', async () => {
    expect(numberFields.map((f) => f.name)).toEqual(['Points', 'Size']);
    expect((await save(alice, { estimate_field_id: idOf('Points') })).statusCode).toBe(201);
    expect(await stored()).toBe('Points');
    expect((await save(bob)).statusCode).toBe(201);
    expect((await save(bob, { estimate_field_id: idOf('Points') })).statusCode).toBe(200);
    expect(await stored()).toBe('Points');
  });

  it("refuses another tracker's change or removal with 403 naming who sets it, and keeps it", async () => {
    for (const choice of [idOf('Size'), null]) {
      const refused = await save(bob, { estimate_field_id: choice });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        "estimate_field_id: this board's estimate field is set by @octo-alice for everyone who tracks it; ask them to change it",
      );
    }
    expect(await stored()).toBe('Points');
    const changed = await save(alice, { estimate_field_id: idOf('Size') });
    expect(changed.statusCode).toBe(200);
    expect(await stored()).toBe('Size');
  });
});
