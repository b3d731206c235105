import type { FlowResponse } from '@fluxion/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { WARM_UP_BOARD, warmUpCode } from './code-warm-up.ts';

const NOW = Date.UTC(2026, 10, 30, 12);

describe.each(await dialectCases())('the code warm-up ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  const warmCtx = { ...ctx, analytics: app.analytics };
  const boardRows = async () => (await ctx.db.selectFrom('boards').select('id').execute()).length;

  it('runs every analysis round after round on a board of its own, writing and loading nothing of the app', async () => {
    const rows = await boardRows();
    const answered: string[] = [];
    const run = await warmUpCode(warmCtx, {
      issues: 500,
      rounds: 2,
      lastAnswers: (boardId, answer) =>
        answered.push(`${boardId} ${Object.keys(JSON.parse(answer.text)).length > 0}`),
    });
    expect(run.rounds).toBe(2);
    // Lead time, time in state and two Flow reports (one per view) of each board (500 and 250 issues).
    expect(answered).toEqual([
      ...Array<string>(4).fill(`${WARM_UP_BOARD} true`),
      ...Array<string>(4).fill(`${WARM_UP_BOARD}-2 true`),
    ]);
    for (const id of [WARM_UP_BOARD, `${WARM_UP_BOARD}-2`])
      expect(app.analytics.boards.has(id)).toEqual({ moves: false, items: false });
    expect(await boardRows()).toBe(rows);
  });

  it('computes cycle times, percentiles and risks in its two-week window, as a tracked board does', async () => {
    const flows = new Map<string, FlowResponse[]>();
    await warmUpCode(warmCtx, {
      issues: 2_000,
      rounds: 1,
      lastAnswers: (boardId, answer) => {
        const json = JSON.parse(answer.text) as FlowResponse | object;
        if ('cycle_time' in json) flows.set(boardId, [...(flows.get(boardId) ?? []), json]);
      },
    });
    expect([...flows.keys()]).toEqual([WARM_UP_BOARD, `${WARM_UP_BOARD}-2`]);
    // Each board's report for a viewer who may read none of the items, then for one who may read all.
    for (const reports of flows.values())
      expect(reports.map((r) => r.aging.items.some((i) => i.title === 'Private item'))).toEqual([
        true,
        false,
      ]);
    // The young board finishes work every week (the reference board's shape, at 2,000 issues, none lately).
    for (const report of flows.get(`${WARM_UP_BOARD}-2`) ?? []) {
      expect(report.cycle_time.points.length).toBeGreaterThan(10);
      expect(report.cycle_time.percentiles.p85).not.toBeNull();
      expect(report.forecast?.how_many).toBeTruthy();
      expect(report.aging.items.every((i) => i.risk !== 'unknown' && i.sle_risk !== undefined)).toBe(true);
    }
  });

  it('stops before its next step when told', async () => {
    let asked = 0;
    const run = await warmUpCode(warmCtx, { issues: 500, rounds: 2, stopped: () => ++asked > 3 });
    expect(run.rounds).toBe(0);
    expect(asked).toBe(4);
  });
});
