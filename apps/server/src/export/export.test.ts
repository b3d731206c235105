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

describe.each(cases)('CSV export of a board items ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx, alice, bob } = await twoViewersOfBoard(database, sim, vault);
  const csv = async (user: typeof alice) => {
    const response = await app.inject({ url, headers: user.auth });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('sends one row per item under a header naming units and the time zone, as the page shows them', async () => {
    const response = await csv(bob);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="vault-migration-items.csv"');
    const [header, ...rows] = response.body.trimEnd().split('\n');
    expect(header).toBe(
      'Item ID,Number,Title,URL,Column,"Entered column at (UTC, ISO 8601)",Days in column (days),Milestone,Labels (; separated)',
    );
    expect(rows).toHaveLength(3);
    const hsm = rows.find((row) => row.includes('Move the HSM'));
    expect(hsm).toMatch(/,In Progress,\d{4}-\d\d-\d\dT[^,]+Z,20,Q4 vault,hsm-only$/);
    const issues = await app.inject({
      url: `/api/issues/?project=${encodeURIComponent(vault)}&column=In%20Progress`,
      headers: bob.auth,
    });
    const [row] = issues.json().issues;
    expect(hsm).toContain(
      `${row.id},${row.number},Move the HSM,${row.url},In Progress,${row.entered_column_at}`,
    );
  });

  it('shows each viewer only what they may see: private items are "Private item", with their figures', async () => {
    const body = (await csv(alice)).body;
    expect(VAULT_SECRETS.filter((secret) => body.includes(secret))).toEqual([]);
    expect(body).toMatch(new RegExp(`,,${PRIVATE_ITEM_TITLE},,In Progress,[^,]+,20,,\\r?$`, 'm'));
    expect(body).toContain('Write the runbook');
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
