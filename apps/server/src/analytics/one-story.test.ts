import { type BoardSummary, boardStoryResponseSchema } from '@fluxion/contract';
import { iterationWindow } from '@fluxion/contract/format';
import { DEMO_PROJECT_ID } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { recordReportedMove } from '../testing/reported-moves.ts';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';

const cases = await dialectCases();
const NOW = Date.UTC(2026, 10, 1, 15, 30);
const DAY = 86_400_000;
const COLUMNS = ['Backlog', 'Ready', 'In Progress', 'Review', 'Done'];

type Step = { item: string; from: string | null; to: string; daysAgo: number };

/** An item that waited `waited` days in Backlog, then 1 day Ready, `doing` days In Progress, half a day in Review. */
const finished = (item: string, doneAgo: number, doing: number, waited = 20): Step[] => [
  { item, from: null, to: 'Backlog', daysAgo: doneAgo + 1.5 + doing + waited },
  { item, from: 'Backlog', to: 'Ready', daysAgo: doneAgo + 1.5 + doing },
  { item, from: 'Ready', to: 'In Progress', daysAgo: doneAgo + 0.5 + doing },
  { item, from: 'In Progress', to: 'Review', daysAgo: doneAgo + 0.5 },
  { item, from: 'Review', to: 'Done', daysAgo: doneAgo },
];

describe.each(cases)('one story: every page names the same bottleneck ($name)', async ({ name, create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  await ensureDemoBoard(ctx, { live: false });
  const me = await signedInUser(ctx);
  // A board whose Backlog holds most of the time: 20 days there per item, two items there for 40 days.
  const id = `${name}-backlog`;
  await insertTestBoard(ctx.db, {
    id,
    githubProjectId: `PVT_${id}`,
    title: id,
    columns: COLUMNS,
    addedAt: NOW - 90 * DAY,
    trackedBy: { userId: me.user.id, iterationLengthDays: 7 },
  });
  const steps = [
    ...['a', 'b', 'c', 'd'].flatMap((item, i) => finished(item, 1 + i, 2 + i)),
    { item: 'old1', from: null, to: 'Backlog', daysAgo: 40 },
    { item: 'old2', from: null, to: 'Backlog', daysAgo: 41 },
  ];
  for (const s of steps) {
    const move = {
      itemId: s.item,
      from: s.from,
      to: s.to,
      at: NOW - s.daysAgo * DAY,
      source: 'webhook' as const,
    };
    await recordReportedMove(ctx.db, id, move, NOW);
  }
  // A board whose bottleneck depends on the window: over its 7-day iteration, two items spent 4 days in
  // Review; over 30 days, four earlier items spent 10 days In Progress each.
  const shifting = `${name}-shifting`;
  await insertTestBoard(ctx.db, {
    id: shifting,
    githubProjectId: `PVT_${shifting}`,
    title: shifting,
    columns: COLUMNS,
    addedAt: NOW - 90 * DAY,
    trackedBy: { userId: me.user.id, iterationLengthDays: 7 },
  });
  const through = (item: string, doneAgo: number, doing: number, review: number): Step[] => [
    { item, from: null, to: 'Ready', daysAgo: doneAgo + review + doing + 1 },
    { item, from: 'Ready', to: 'In Progress', daysAgo: doneAgo + review + doing },
    { item, from: 'In Progress', to: 'Review', daysAgo: doneAgo + review },
    { item, from: 'Review', to: 'Done', daysAgo: doneAgo },
  ];
  const shiftingSteps = [
    ...through('r1', 1, 1, 4),
    ...through('r2', 2, 1, 4),
    ...[12, 15, 18, 21].flatMap((doneAgo, i) => through(`o${i}`, doneAgo, 10, 0.5)),
  ];
  for (const s of shiftingSteps) {
    const move = {
      itemId: s.item,
      from: s.from,
      to: s.to,
      at: NOW - s.daysAgo * DAY,
      source: 'webhook' as const,
    };
    await recordReportedMove(ctx.db, shifting, move, NOW);
  }
  const get = async (url: string) => {
    const response = await app.inject({ url, headers: me.auth });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  };

  /** The bottleneck as Time in State, Issues in Columns (its default column), Flow and Home name it. */
  async function named(project: string) {
    const p = encodeURIComponent(project);
    const detail = await get(`/api/projects/${p}/`);
    const tis = await get(`/api/timeinstate/?project=${p}&days=${detail.iteration_length_days}`);
    const flow = await get(`/api/flow/?project=${p}`);
    const story = boardStoryResponseSchema.strict().parse(await get(`/api/story/?project=${p}`));
    const cards: BoardSummary[] = (await get('/api/overview/')).boards;
    const card = cards.find((b) => b.project_id === project);
    return {
      timeInState: tis.metrics.time_intensive_column,
      // The Issues page opens on the story's bottleneck, else its commitment point (apps/web issuesLogic.ts).
      issuesDefault: story.bottleneck?.column ?? story.commitment_column,
      storyMatchesFlow: JSON.stringify(story.bottleneck) === JSON.stringify(flow.bottleneck),
      flow: flow.bottleneck?.column ?? null,
      home: card?.status === 'ok' ? (card.bottleneck?.column ?? null) : 'no card',
      flowInsight: flow.performance_insight.message as string,
      tisInsight: tis.metrics.performance_insight.message as string,
      queueHealth: tis.metrics.queue_health_ratio,
      activeWorkRatio: tis.metrics.active_work_ratio as number,
    };
  }

  it('on a board whose Backlog holds most of the time: In Progress, never Backlog', async () => {
    const story = await named(`PVT_${id}`);
    expect(story).toMatchObject({
      timeInState: 'In Progress',
      issuesDefault: 'In Progress',
      flow: 'In Progress',
      home: 'In Progress',
      storyMatchesFlow: true,
    });
    expect(story.flowInsight).toContain("Bottleneck: 'In Progress'");
    expect(story.tisInsight).not.toContain("'Backlog'");
    // The two items waiting 40 days in Backlog are options, not a queue of committed work (§14):
    // nothing is in progress now, and the committed stays were all in productive columns.
    // Nothing open past the commitment point: no queue to judge, N/A rather than a green 0 (issue 31).
    expect(story.queueHealth).toBeNull();
    expect(story.activeWorkRatio).toBe(100);
    expect(story.tisInsight).not.toContain('waiting in queues');
    const backlog = await get(`/api/issues/?project=${encodeURIComponent(`PVT_${id}`)}&column=Backlog`);
    expect(backlog.column_stats.issues_over_2x_iteration).toBe(2);
    expect(backlog.column_stats.performance_insight.severity).toBe('info');
  });

  it("at a window other than the iteration, Time in State names the iteration's bottleneck, as Flow and Home do", async () => {
    const project = `PVT_${shifting}`;
    const p = encodeURIComponent(project);
    const story = await named(project);
    expect(story).toMatchObject({
      timeInState: 'Review',
      flow: 'Review',
      home: 'Review',
      issuesDefault: 'Review',
    });
    const flow = await get(`/api/flow/?project=${p}`);
    expect(flow.bottleneck).toMatchObject({ column: 'Review', window_days: 7 });
    for (const days of [30, 60, 90]) {
      const tis = await get(`/api/timeinstate/?project=${p}&days=${days}`);
      // The page's own window holds In Progress as the slowest column (its chart shows it)…
      const dates = Object.keys(tis)
        .filter((key) => /^\d{4}-\d{2}-\d{2}$/.test(key))
        .sort();
      const last = tis[dates.at(-1) as string].timeinstate;
      expect(last['In Progress']).toBeGreaterThan(last.Review);
      // …yet its tiles name the board's bottleneck, over the iteration, and say so.
      expect(tis.metrics.time_intensive_column).toBe('Review');
      expect(tis.metrics.bottleneck).toEqual(flow.bottleneck);
      expect(tis.metrics.stage_intensity).toBe(flow.bottleneck.intensity);
      expect(tis.metrics.performance_insight.message).toContain("Bottleneck in 'Review'");
      // The window named as the tiles, Home and Flow name it: one formatter, one wording.
      expect(tis.metrics.performance_insight.message).toContain(iterationWindow(flow.bottleneck.window_days));
      expect(flow.performance_insight.message).toContain("Bottleneck: 'Review', ");
      expect(flow.performance_insight.message).toContain(`, ${iterationWindow(7)}.`);
      // Its confidence rests on the stays that figure reads, not on the page's window's.
      expect(tis.metrics.performance_insight.sample).toBe(flow.bottleneck.samples);
    }
  });

  it('on the demo board (cycle start In Progress): one column after the commitment point', async () => {
    const story = await named(DEMO_PROJECT_ID);
    expect(story.timeInState).not.toBeNull();
    expect(['In Progress', 'Blocked', 'In Review']).toContain(story.timeInState);
    expect(story.issuesDefault).toBe(story.timeInState);
    expect(story.flow).toBe(story.timeInState);
    expect(story.home).toBe(story.timeInState);
    expect(story.storyMatchesFlow).toBe(true);
    // Every window Time in State offers names that same bottleneck (the demo's iteration is 14 days).
    const p = encodeURIComponent(DEMO_PROJECT_ID);
    for (const days of [7, 30, 60, 90]) {
      const tis = await get(`/api/timeinstate/?project=${p}&days=${days}`);
      expect(tis.metrics.time_intensive_column, `days=${days}`).toBe(story.flow);
    }
  });
});
