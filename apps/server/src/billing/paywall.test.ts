import { DEMO_PROJECT_ID } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { paywallMessage } from './paywall.ts';

const NOW = Date.UTC(2026, 10, 1, 12);
const DAY = 86_400_000;
const OWN = 'PVT_paywall_own';
const own = encodeURIComponent(OWN);
const demo = encodeURIComponent(DEMO_PROJECT_ID);

/** Every analysis route, for one board. */
const analyses = (project: string, column = 'Doing') => [
  `/api/leadtime/?project=${project}&days=7`,
  `/api/timeinstate/?project=${project}&days=7`,
  `/api/issues/?project=${project}&column=${encodeURIComponent(column)}`,
  `/api/projects/${project}/column-stats/`,
  `/api/flow/?project=${project}&days=28`,
];

describe.each(await dialectCases())('the paywall on every analysis route ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  await ensureDemoBoard(ctx, { live: false });

  /** A user with their own board, whose subscription fields are then set as given. */
  async function userWith(status: string, end: number | null) {
    const { user, auth } = await signedInUser(ctx);
    await insertTestBoard(ctx.db, {
      id: `board-${user.id}`,
      githubProjectId: `${OWN}_${user.id}`,
      addedAt: NOW - 40 * DAY,
      trackedBy: { userId: user.id, iterationLengthDays: 7 },
    });
    await ctx.db
      .updateTable('users')
      .set({ subscription_status: status, subscription_end: end })
      .where('id', '=', user.id)
      .execute();
    return { auth, board: encodeURIComponent(`${OWN}_${user.id}`) };
  }
  const status = async (url: string, auth: { authorization: string }) => {
    const response = await app.inject({ url, headers: auth });
    return { code: response.statusCode, body: response.json() as { error?: string; message?: string } };
  };

  it('a trial that ended: own boards answer 402 with a clear message on every analysis; the demo stays open', async () => {
    const { auth, board } = await userWith('trial', NOW - DAY);
    for (const url of analyses(board)) {
      expect(await status(url, auth), url).toEqual({
        code: 402,
        body: { error: 'subscription_required', message: paywallMessage('trial') },
      });
    }
    for (const url of analyses(demo, 'In Progress')) expect((await status(url, auth)).code, url).toBe(200);
    // Managing boards is not behind the paywall: they keep being recorded.
    expect((await app.inject({ url: '/api/projects/', headers: auth })).statusCode).toBe(200);
  });

  it('Home’s overview names the own boards as locked (no figures) and still sums up the demo', async () => {
    const { auth } = await userWith('trial', NOW - DAY);
    const overview = (await app.inject({ url: '/api/overview/?days=28', headers: auth })).json() as {
      boards: { is_demo: boolean; status: string; message?: string }[];
    };
    const mine = overview.boards.filter((b) => !b.is_demo);
    expect(mine).toEqual([expect.objectContaining({ status: 'locked', message: paywallMessage('trial') })]);
    expect(overview.boards.at(-1)?.status).toBe('locked');
    expect(overview.boards.find((b) => b.is_demo)?.status).not.toBe('locked');
    const paying = await userWith('active', NOW + DAY);
    const open = (await app.inject({ url: '/api/overview/?days=28', headers: paying.auth })).json() as {
      boards: { status: string }[];
    };
    expect(open.boards.map((b) => b.status)).not.toContain('locked');
  });

  it.each([
    ['a running trial', 'trial', NOW + DAY],
    ['an active subscription', 'active', NOW + 20 * DAY],
    ['a past-due one still in its period', 'past_due', NOW + DAY],
    ['a running pilot', 'pilot', NOW + DAY],
  ])('%s opens the own boards’ analyses', async (_name, subscription, end) => {
    const { auth, board } = await userWith(subscription, end);
    for (const url of analyses(board)) expect((await status(url, auth)).code, url).toBe(200);
  });

  it.each([
    ['a cancelled subscription', 'canceled', NOW - DAY],
    ['an active one whose period ended', 'active', NOW - DAY],
    ['a failed first payment', 'incomplete', null],
    ['no subscription at all', 'none', null],
  ])('%s closes them', async (_name, subscription, end) => {
    const { auth, board } = await userWith(subscription, end);
    expect(await status(analyses(board)[0] ?? '', auth)).toEqual({
      code: 402,
      body: {
        error: 'subscription_required',
        message: expect.stringMatching(/^Your subscription has ended\. Subscribe to Fluxion Analytics Pro/),
      },
    });
  });

  it('an unknown board of a paying-lapsed user is a 402, not a hint whether it exists; without a token, 401', async () => {
    const { auth } = await userWith('trial', NOW - DAY);
    expect((await status(`/api/leadtime/?project=${own}_nope&days=7`, auth)).code).toBe(402);
    expect((await app.inject({ url: analyses(demo)[0] ?? '' })).statusCode).toBe(401);
  });
});
