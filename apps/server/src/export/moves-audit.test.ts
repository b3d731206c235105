import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { recordedMoves } from '../move-log/audit.ts';
import { dialectCases } from '../testing/databases.ts';
import { twoViewersOfBoard, VAULT_SECRETS, vaultBoard } from '../testing/private-board.ts';
import { PRIVATE_ITEM_TITLE } from '../visibility/redact.ts';

const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const vault = await vaultBoard(sim);
const query = `?project=${encodeURIComponent(vault)}`;
const rowsOf = (body: string) => body.trimEnd().split('\n').slice(1);

describe.each(cases)("a board's audit log of moves ($name)", async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx, alice, bob } = await twoViewersOfBoard(database, sim, vault);
  const get = async (user: typeof alice, path: string) => {
    const response = await app.inject({ url: `/api/export/${path}${query}`, headers: user.auth });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const boardId = async () =>
    (
      await ctx.db
        .selectFrom('boards')
        .select('id')
        .where('github_project_id', '=', vault)
        .executeTakeFirstOrThrow()
    ).id;
  const storedMoves = async () =>
    ctx.db
      .selectFrom('transitions')
      .selectAll()
      .where('board_id', '=', await boardId())
      .orderBy('id')
      .execute();

  it('lists every recorded move in recording order, with its source and when it was recorded', async () => {
    const stored = await storedMoves();
    expect(stored.length).toBeGreaterThan(0);
    const response = await get(bob, 'moves.csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="vault-migration-moves.csv"');
    const [header] = response.body.split('\n');
    expect(header).toBe(
      'Move ID,Item ID,Number,Title,From,To,"Moved at (UTC, ISO 8601 with offset)",Source,"Recorded at (UTC, ISO 8601 with offset)",Estimated from',
    );
    const rows = rowsOf(response.body).map((row) => row.split(','));
    expect(rows.map((cells) => Number(cells[0]))).toEqual(stored.map((m) => Number(m.id)));
    const first = stored[0];
    const cells = rows[0] ?? [];
    expect(cells[1]).toBe(first?.item_id);
    expect(Date.parse(cells[6] ?? '')).toBe(Math.floor(Number(first?.at) / 1000) * 1000);
    expect(Date.parse(cells[8] ?? '')).toBe(Math.floor(Number(first?.recorded_at) / 1000) * 1000);
    // The table's words become the API's: a first listing is 'listing', the history import 'import'.
    const words = { snapshot: 'listing', backfill: 'import', poll: 'poll', webhook: 'webhook', demo: 'demo' };
    expect(rows.map((c) => c[7])).toEqual(stored.map((m) => words[m.source as keyof typeof words]));
  });

  it('gives the same log as JSON, instants in UTC', async () => {
    const csvIds = rowsOf((await get(bob, 'moves.csv')).body).map((row) => Number(row.split(',')[0]));
    const response = await get(bob, 'moves.json');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(body.board).toEqual({ id: vault, title: 'Vault migration' });
    expect(body.moves.map((m: { id: number }) => m.id)).toEqual(csvIds);
    const hsm = body.moves.find((m: { title: string | null }) => m.title === 'Move the HSM');
    expect(hsm).toMatchObject({ number: expect.any(Number), to: expect.any(String) });
    expect(hsm.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("names items as the viewer may see them: a private repository's item keeps its moves, not its content", async () => {
    for (const path of ['moves.csv', 'moves.json']) {
      const body = (await get(alice, path)).body;
      expect(
        VAULT_SECRETS.filter((secret) => body.includes(secret)),
        path,
      ).toEqual([]);
      expect(body, path).toContain(PRIVATE_ITEM_TITLE);
    }
    expect(rowsOf((await get(alice, 'moves.csv')).body)).toHaveLength((await storedMoves()).length);
  });

  it('reads the log a page at a time without losing or repeating a move', async () => {
    const all = [];
    for await (const move of recordedMoves(ctx.db, await boardId(), 2)) all.push(move.id);
    expect(all).toEqual((await storedMoves()).map((m) => Number(m.id)));
  });

  it('refuses a board the user does not track and a missing project', async () => {
    const other = await app.inject({ url: '/api/export/moves.json?project=PVT_nope', headers: bob.auth });
    expect(other.statusCode).toBe(404);
    const missing = await app.inject({ url: '/api/export/moves.csv', headers: bob.auth });
    expect([missing.statusCode, missing.json().field]).toEqual([400, 'project']);
  });
});
