import { type BoardItem, buildFlowReport, levelOfWork, levelSentence, type Transition } from '@fluxion/flow';
import { DEMO_COLUMNS, DEMO_PROJECT_ID } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { countedWork, demoEngineItems, demoEngineStory } from '../testing/demo-story.ts';

const cases = await dialectCases();
/** Mid-afternoon, so that ages and windows are not aligned with midnight. */
const NOW = Date.UTC(2026, 10, 1, 15, 30);
const demo = encodeURIComponent(DEMO_PROJECT_ID);

/** The engine's input, built straight from the generator (not from the server's loader). */
function engineInput(now: number): { transitions: Transition[]; items: BoardItem[] } {
  return demoEngineItems(now);
}

function expected(days: number, horizon: number, targetItems: number) {
  const board = engineInput(NOW);
  const input = countedWork(board);
  const report = buildFlowReport({
    columns: DEMO_COLUMNS,
    cycleStartColumn: 'In Progress',
    ...input,
    now: NOW,
    days,
    horizon,
    targetItems,
    ...demoEngineStory(NOW),
    // The bottleneck's window: the demo's GitHub Iteration field has 14-day iterations.
    storyDays: 14,
  });
  // The server says which items it counted.
  const level = levelOfWork(board.items, null);
  const { leftOut: _leftOut, ...counts } = level;
  return JSON.parse(
    JSON.stringify({ ...report, level_of_work: { ...counts, sentence: levelSentence(level) } }),
  );
}

/** A board tracked by someone else only. */
async function othersBoard(ctx: AppContext): Promise<string> {
  const { user } = await signedInUser(ctx);
  await insertTestBoard(ctx.db, {
    id: 'others-board',
    githubProjectId: 'PVT_others',
    title: 'Not yours',
    addedAt: NOW,
    trackedBy: { userId: user.id, iterationLengthDays: 7 },
  });
  return 'PVT_others';
}

describe.each(cases)('flow API on the demo project ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  await ensureDemoBoard(ctx, { live: false });
  const { auth } = await signedInUser(ctx);
  const get = (url: string, headers: Record<string, string> = auth) => app.inject({ url, headers });

  it('equals the engine on the board, with the defaults (30 days, 14 days ahead, 10 items) and without', async () => {
    const response = await get(`/api/flow/?project=${demo}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const body = response.json();
    expect(body).toEqual(expected(30, 14, 10));
    expect(body.cycle_time.points.length).toBeGreaterThan(10);
    expect(body.aging.items.length).toBeGreaterThan(0);
    expect(body.forecast.how_many.results).toHaveLength(3);
    const custom = await get(`/api/flow/?project=${demo}&days=60&horizon=21&items=25`);
    expect(custom.json()).toEqual(expected(60, 21, 25));
    // A cached answer is the same answer.
    expect((await get(`/api/flow/?project=${demo}&days=60&horizon=21&items=25`)).body).toBe(custom.body);
  });

  it('answers 400 naming the parameter, 404 for an unknown or somebody else’s project, 401 signed out', async () => {
    const bad: [string, string][] = [
      [`/api/flow/?project=${demo}&days=0`, 'days'],
      [`/api/flow/?project=${demo}&days=abc`, 'days'],
      [`/api/flow/?project=${demo}&days=400`, 'days'],
      [`/api/flow/?project=${demo}&horizon=0`, 'horizon'],
      [`/api/flow/?project=${demo}&horizon=1.5`, 'horizon'],
      [`/api/flow/?project=${demo}&items=-1`, 'items'],
      [`/api/flow/?project=${demo}&items=100000`, 'items'],
      ['/api/flow/?days=7', 'project'],
      ['/api/flow/?project=&days=7', 'project'],
    ];
    for (const [url, field] of bad) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toContain(field);
      expect(response.json().field, url).toBe(field);
    }
    // A breakdown by a field the board does not have: checked beside the board's other reads
    // (flow-service.ts), still this 400.
    const own = await signedInUser(ctx);
    await insertTestBoard(ctx.db, {
      id: 'no-field-board',
      githubProjectId: 'PVT_no_field',
      title: 'No breakdown field',
      addedAt: NOW,
      trackedBy: { userId: own.user.id, iterationLengthDays: 14 },
    });
    const byField = await get('/api/flow/?project=PVT_no_field&breakdown=field', own.auth);
    expect(byField.statusCode, byField.body.slice(0, 300)).toBe(400);
    expect(byField.json().field).toBe('breakdown');
    const others = await othersBoard(ctx);
    for (const url of ['/api/flow/?project=PVT_unknown', `/api/flow/?project=${others}`]) {
      expect((await get(url)).statusCode, url).toBe(404);
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
  });
});
