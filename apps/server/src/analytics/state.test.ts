import { DEMO_PROJECT_ID } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { preloadBoards } from './preload.ts';

const NOW = Date.UTC(2026, 10, 1, 15, 30);
const DAY = 86_400_000;
const stats = `/api/projects/${encodeURIComponent(DEMO_PROJECT_ID)}/column-stats/`;

describe.each(await dialectCases())('two apps in one process ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  // One database, two apps whose clocks are three days apart: the same board at the same data version.
  const first = await buildTestApp(database, { clock: testClock(NOW) });
  const second = await buildTestApp(database, { clock: testClock(NOW + 3 * DAY) });
  const boardId = await ensureDemoBoard(first.ctx, { live: false });

  async function columnStats(app: typeof first) {
    const { auth } = await signedInUser(app.ctx);
    const response = await app.app.inject({ url: stats, headers: auth });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json();
  }

  it('do not share a cache: each computes the board at its own time', async () => {
    const atFirst = await columnStats(first);
    expect(first.app.analytics.boards.has(boardId)).toEqual({ moves: true, items: true });
    expect(second.app.analytics.boards.has(boardId)).toEqual({ moves: false, items: false });
    const atSecond = await columnStats(second);
    // A shared result cache would answer the second app with the first app's figures.
    expect(atSecond).not.toEqual(atFirst);
    expect(await columnStats(first)).toEqual(atFirst);
  });

  it('preload at most half their board store', async () => {
    const { user } = await signedInUser(first.ctx);
    const trackedId = `${boardId}-tracked`;
    await insertTestBoard(first.ctx.db, {
      id: trackedId,
      githubProjectId: `PVT_${trackedId}`,
      addedAt: NOW,
      trackedBy: { userId: user.id, iterationLengthDays: 7 },
    });
    const small = await buildTestApp(database, {
      clock: testClock(NOW),
      config: {
        analytics: {
          ...first.ctx.config.analytics,
          boards: { maxEntries: 2, ttlMs: DAY },
          overviewBoardsAtOnce: 1,
        },
      },
    });
    await preloadBoards({ ...small.ctx, analytics: small.app.analytics });
    // The demo board first; the tracked board would be second, beyond half of two.
    expect(small.app.analytics.boards.has(boardId)).toEqual({ moves: true, items: true });
    expect(small.app.analytics.boards.has(trackedId)).toEqual({ moves: false, items: false });
    await preloadBoards({ ...second.ctx, analytics: second.app.analytics });
    expect(second.app.analytics.boards.has(trackedId)).toEqual({ moves: true, items: true });
  });

  it('keep results as long as the config says, on the app’s clock', async () => {
    const results = { maxEntries: 10, ttlMs: 2 * DAY };
    const { analytics } = first.ctx.config;
    const third = await buildTestApp(database, {
      clock: testClock(NOW),
      config: { analytics: { ...analytics, results } },
    });
    const fresh = await columnStats(third);
    third.clock.advance(DAY);
    expect(await columnStats(third), 'within its lifetime').toEqual(fresh);
    third.clock.advance(DAY + 1);
    expect(await columnStats(third), 'past its lifetime').not.toEqual(fresh);
  });
});
