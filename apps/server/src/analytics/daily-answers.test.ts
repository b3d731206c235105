import { afterAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { buildTestApp, type TestApp, testClock, testConfig } from '../testing/app.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { dialectCases } from '../testing/databases.ts';
import { recordReportedMove } from '../testing/reported-moves.ts';
import { signedInUser } from '../testing/users.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 15:30 UTC; the board's day is UTC's unless a test sets its calendar. */
const NOW = Date.UTC(2026, 10, 1, 15, 30);
const PROJECT = 'PVT_daily';
/** The results' TTL in these apps: an answer not read for that long is dropped (then computed anew). */
const TTL = 30 * 60_000;
const ANSWERS = [`/api/leadtime/?project=${PROJECT}&days=14`, `/api/timeinstate/?project=${PROJECT}&days=14`];

/**
 * Lead time and time in state move with the clock only by the board's day (and the moves up to now): an
 * answer is kept all day while read, past the results' TTL. Each kept answer must equal what an app
 * starting afresh at that instant computes, and none may outlive the board's day, its data version or
 * its settings.
 */
describe.each(await dialectCases())('daily answers ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  let board = 0;

  /** A board tracked by a new user on an app whose clock starts at `start`: moves up to `start` - 1 h. */
  async function setUp(start: number) {
    const { analytics } = testConfig();
    const config = { analytics: { ...analytics, results: { ...analytics.results, ttlMs: TTL } } };
    const app = await buildTestApp(database, { clock: testClock(start), config });
    const alice = await signedInUser(app.ctx);
    const id = `daily-${++board}`;
    const project = `${PROJECT}-${board}`;
    await insertTestBoard(app.ctx.db, {
      id,
      githubProjectId: project,
      addedAt: start - 40 * DAY,
      trackedBy: { userId: alice.user.id, iterationLengthDays: 14 },
    });
    const move = async (itemId: string, from: string | null, to: string, at: number) =>
      recordReportedMove(app.ctx.db, id, { itemId, from, to, at, source: 'webhook' }, app.clock.now());
    // Finished on each of the last 20 days (one a day), so every new day changes the window's figures.
    for (let n = 1; n <= 20; n++) {
      const done = start - n * DAY - HOUR;
      await move(`I_${n}`, null, 'Todo', done - (n + 2) * DAY);
      await move(`I_${n}`, 'Todo', 'Doing', done - n * HOUR * 7);
      await move(`I_${n}`, 'Doing', 'Done', done);
    }
    await move('I_open', null, 'Todo', start - 3 * DAY);
    await move('I_open', 'Todo', 'Doing', start - 2 * HOUR);
    const urls = ANSWERS.map((url) => url.replace(PROJECT, project));
    return { app, id, move, urls, session: { userId: alice.user.id, sessionId: alice.sessionId } };
  }
  type Board = Awaited<ReturnType<typeof setUp>>;

  /** The answers as the board's own app gives them now (a fresh access token: the clock moves by hours). */
  async function answers({ app, urls, session }: Board, on: TestApp = app) {
    const now = on.clock.now();
    const token = await issueAccessToken({ ...session, secret: on.ctx.config.jwtSecret, now });
    return Promise.all(
      urls.map(async (url) => {
        const response = await on.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
        return response.json();
      }),
    );
  }

  /** Reads the answers every TTL less a second until the clock reaches `end` (kept while read); the last ones. */
  async function readUntil(b: Board, end: number) {
    let last = await answers(b);
    while (b.app.clock.now() + TTL - 1_000 < end) {
      b.app.clock.advance(TTL - 1_000);
      last = await answers(b);
    }
    b.app.clock.set(end);
    return [last, await answers(b)] as const;
  }

  /** The answers of an app that starts now, at the board's app's instant: nothing kept. */
  async function afresh(b: Board) {
    const fresh = await buildTestApp(database, {
      clock: testClock(b.app.clock.now()),
      config: b.app.ctx.config,
    });
    try {
      return await answers(b, fresh);
    } finally {
      await fresh.app.close();
    }
  }

  it('keeps an answer past the TTL within the board’s day, as the answer afresh would be', async () => {
    const b = await setUp(NOW);
    const first = await answers(b);
    const [, later] = await readUntil(b, NOW + 6 * HOUR);
    expect(later).toEqual(first);
    expect(later).toEqual(await afresh(b));
  });

  it('answers anew once the board’s day ends, in the board’s time zone', async () => {
    const b = await setUp(NOW);
    // 23:30 in Auckland (UTC+13 in November): its midnight comes at 11:00 UTC, long before UTC's.
    const calendar = { time_zone: 'Pacific/Auckland', weekends: [], holidays: [] };
    await b.app.ctx.db
      .updateTable('boards')
      .set({ calendar: JSON.stringify(calendar) })
      .where('id', '=', b.id)
      .execute();
    b.app.clock.set(Date.UTC(2026, 10, 2, 10, 30));
    const [before, after] = await readUntil(b, Date.UTC(2026, 10, 2, 11, 5));
    expect(after).not.toEqual(before);
    expect(after).toEqual(await afresh(b));
  });

  it('answers a recorded move and a changed setting at once, however long the answer was kept', async () => {
    const b = await setUp(NOW);
    const [first] = await readUntil(b, NOW + 2 * HOUR);
    await b.move('I_open', 'Doing', 'Done', b.app.clock.now() - 60_000);
    const moved = await answers(b);
    expect(moved).not.toEqual(first);
    expect(moved).toEqual(await afresh(b));
    await readUntil(b, NOW + 4 * HOUR);
    await b.app.ctx.db
      .updateTable('tracked_projects')
      .set({
        cycle_time_start_column: 'Todo',
        column_classification: JSON.stringify({ productive: ['Todo'], waiting: ['Doing'] }),
      })
      .where('board_id', '=', b.id)
      .execute();
    const changed = await answers(b);
    expect(changed[0]).not.toEqual(moved[0]);
    expect(changed[1]).not.toEqual(moved[1]);
    expect(changed).toEqual(await afresh(b));
  });

  it('counts a move later than the clock once the clock passes it (kept for the TTL only)', async () => {
    const b = await setUp(NOW);
    // GitHub's clock ahead of ours: the move is recorded before our clock reaches its instant.
    await b.move('I_open', 'Doing', 'Done', NOW + 30_000);
    const early = await answers(b);
    expect(early).toEqual(await afresh(b));
    const [, passed] = await readUntil(b, NOW + 2 * HOUR);
    expect(passed).not.toEqual(early);
    expect(passed).toEqual(await afresh(b));
  });
});
