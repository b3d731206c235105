import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { dialectCases } from '../testing/databases.ts';
import { twoViewersOfBoard, VAULT_SECRETS, vaultBoard } from '../testing/private-board.ts';
import { signedInUser } from '../testing/users.ts';
import { PRIVATE_ITEM_TITLE } from '../visibility/redact.ts';
import { exportFileName } from './routes.ts';

const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const vault = await vaultBoard(sim);
const url = `/api/export/items.csv?project=${encodeURIComponent(vault)}`;
/** The n-th cell of a record whose cells hold no comma. */
const cell = (record: string | undefined, n: number) => record?.split(',')[n] ?? '';
const rowsOf = (body: string) => body.trimEnd().split('\n').slice(1);

describe.each(cases)('CSV export of a board items ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx, alice, bob } = await twoViewersOfBoard(database, sim, vault);
  const csv = async (user: typeof alice, filter = '') => {
    const response = await app.inject({ url: `${url}${filter}`, headers: user.auth });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('sends one row per item under a header naming units and the time zone, as the page shows them', async () => {
    const response = await csv(bob);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="vault-migration-items.csv"');
    const [header, ...rows] = response.body.trimEnd().split('\n');
    expect(header).toBe(
      'Item ID,Number,Title,URL,Column,"Entered column at (UTC, ISO 8601 with offset)",Days in column (days),Milestone,"Labels (; separated)","History known from (UTC, ISO 8601 with offset)",Estimated history,"Estimated from (; separated)"',
    );
    expect(rows).toHaveLength(3);
    const hsm = rows.find((row) => row.includes('Move the HSM'));
    // A whole history: no instant GitHub's record starts from.
    expect(hsm).toMatch(/,In Progress,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00,20,Q4 vault,hsm-only,,,$/);
    const issues = await app.inject({
      url: `/api/issues/?project=${encodeURIComponent(vault)}&column=In%20Progress`,
      headers: bob.auth,
    });
    const [row] = issues.json().issues;
    expect(hsm).toContain(`${row.id},${row.number},Move the HSM,${row.url},In Progress,`);
    expect(Date.parse(cell(hsm, 5))).toBe(Math.floor(Date.parse(row.entered_column_at) / 1000) * 1000);
  });

  it('shows each viewer only what they may see: private items are "Private item", with their figures', async () => {
    const body = (await csv(alice)).body;
    expect(VAULT_SECRETS.filter((secret) => body.includes(secret))).toEqual([]);
    expect(body).toMatch(new RegExp(`,,${PRIVATE_ITEM_TITLE},,In Progress,[^,]+,20,,,,,\\r?$`, 'm'));
    expect(body).toContain('Write the runbook');
  });

  it("writes only the rows the page's filter keeps", async () => {
    const titles = async (user: typeof alice, filter: string) =>
      rowsOf((await csv(user, filter)).body).map((record) => cell(record, 2));
    expect(await titles(bob, '&label=hsm-only')).toEqual(['Move the HSM']);
    expect(await titles(bob, '&type=draft')).toEqual(['Vault notes']);
    expect((await titles(bob, '&not_label=hsm-only')).sort()).toEqual(['Vault notes', 'Write the runbook']);
    expect(await titles(bob, '&label=hsm-only&type=draft')).toEqual([]);
    const bad = await app.inject({ url: `${url}&type=epic`, headers: bob.auth });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'type']);
  });

  it('keeps a private item private under a filter: no content filter matches it, not even not_label', async () => {
    for (const filter of ['&label=hsm-only', '&milestone=Q4%20vault', '&repo=fluxion-labs%2Fvault']) {
      expect(rowsOf((await csv(alice, filter)).body), filter).toEqual([]);
    }
    const body = (await csv(alice, '&not_label=hsm-only')).body;
    expect(body).not.toContain(PRIVATE_ITEM_TITLE);
    expect(VAULT_SECRETS.filter((secret) => body.includes(secret))).toEqual([]);
    expect(
      rowsOf(body)
        .map((record) => cell(record, 2))
        .sort(),
    ).toEqual(['Vault notes', 'Write the runbook']);
  });

  it("names the board's time zone and counts ages in working time when its calendar has days off", async () => {
    const calendar = { time_zone: 'Europe/Paris', weekends: [0, 6], holidays: [] };
    const payload = { project_id: vault, iteration_length: 7, calendar };
    const saved = await app.inject({ method: 'POST', url: '/api/projects/', headers: bob.auth, payload });
    expect(saved.statusCode, saved.body).toBe(200);
    const [header, ...rows] = (await csv(bob)).body.trimEnd().split('\n');
    expect(header).toBe(
      'Item ID,Number,Title,URL,Column,"Entered column at (Europe/Paris, ISO 8601 with offset)",Days in column (working days),Milestone,"Labels (; separated)","History known from (Europe/Paris, ISO 8601 with offset)",Estimated history,"Estimated from (; separated)"',
    );
    const hsm = rows.find((row) => row.includes('Move the HSM'));
    const issues = await app.inject({
      url: `/api/issues/?project=${encodeURIComponent(vault)}&column=In%20Progress`,
      headers: bob.auth,
    });
    const [row] = issues.json().issues;
    // The Issues page's working-time age, two weekends fewer than the 20 days elapsed.
    expect(Number(cell(hsm, 6))).toBe(row.days_in_current_column);
    expect(row.days_in_current_column).toBeLessThanOrEqual(16);
    expect(cell(hsm, 5)).toMatch(/T\d\d:\d\d:\d\d\+0[12]:00$/);
    expect(Date.parse(cell(hsm, 5))).toBe(Math.floor(Date.parse(row.entered_column_at) / 1000) * 1000);
  });

  it('refuses strangers, missing projects and no sign-in', async () => {
    const stranger = await signedInUser(ctx);
    expect((await app.inject({ url, headers: stranger.auth })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/export/items.csv', headers: bob.auth })).statusCode).toBe(400);
    expect((await app.inject({ url })).statusCode).toBe(401);
  });
});

describe('export file names', () => {
  it('keep letters and digits of the board title', () => {
    expect(exportFileName('Vault migration: Q4 / 2026', 'items')).toBe('vault-migration-q4-2026-items.csv');
    expect(exportFileName('***', 'items')).toBe('board-items.csv');
  });
});
