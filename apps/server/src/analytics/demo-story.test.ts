import { DEMO_BLOCKER_TITLE, DEMO_PARENTS, generateDemoBoard } from '@fluxion/demo-board';
import { DEMO_PROJECT_ID, startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInGithubUser } from '../testing/users.ts';

/**
 * The demo board's story through the API (docs/metrics.md, "The demo board"): an SLE proposed from its
 * history, a WIP limit on In Review breached once in the Flow window, one item blocked now with its
 * blocked days, and Home's card listing the items at risk of missing the SLE, oldest first.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const NOW = Date.UTC(2026, 10, 27, 9);

describe.each(cases)('the demo story on $name', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url, clock: testClock(NOW) });
  await ensureDemoBoard(ctx, { live: false });
  const { auth } = await signedInGithubUser(ctx, sim, 'octo-alice');
  const get = async (url: string) => {
    const response = await app.inject({ url, headers: auth });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json();
  };
  const flow = await get(`/api/flow/?project=${encodeURIComponent(DEMO_PROJECT_ID)}`);

  it('proposes an SLE from the board history', () => {
    expect(flow.sle).toMatchObject({ percent: 85, source: 'proposed' });
    expect(flow.sle.days).toBe(flow.sle.proposal.days);
    expect(flow.sle.sample).toBeGreaterThanOrEqual(10);
  });

  it('shows the In Review WIP limit breached on one day of the window', () => {
    expect(flow.wip_limits).toHaveLength(1);
    expect(flow.wip_limits[0]).toMatchObject({ column: 'In Review' });
    expect(flow.wip_limits[0].dates_over).toHaveLength(1);
    expect(flow.wip_limits[0].peak).toBeGreaterThan(flow.wip_limits[0].limit);
  });

  it('has one item blocked now, with its blocked days, and a flow efficiency for the window', () => {
    const blocked = flow.aging.items.filter((i: { blocked?: boolean }) => i.blocked);
    expect(blocked).toHaveLength(1);
    expect(blocked[0].blocked_days).toBeGreaterThan(0);
    expect(flow.blocked.blocked_now).toBe(1);
    expect(flow.blocked.by_column['In Progress']).toBeCloseTo(blocked[0].blocked_days, 2);
    expect(flow.blocked.flow_efficiency).toBeGreaterThan(0);
    expect(flow.blocked.flow_efficiency).toBeLessThan(1);
  });

  it("lists on Home the items at risk of missing the SLE, oldest first, as the Flow answer's", async () => {
    const overview = await get('/api/overview/');
    const card = overview.boards.find((b: { project_id: string }) => b.project_id === DEMO_PROJECT_ID);
    expect(card.sle).toEqual({ percent: 85, days: flow.sle.days, source: 'proposed' });
    expect(card.sle_at_risk_count).toBe(flow.sle.at_risk.length);
    expect(card.sle_at_risk.map((i: { id: string }) => i.id)).toEqual(flow.sle.at_risk.slice(0, 5));
    const ages = card.sle_at_risk.map((i: { age_days: number }) => i.age_days);
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
  });

  it('types its issues, counts leaf items and leaves its two parents out, split by type on Flow', () => {
    expect(flow.level_of_work).toMatchObject({ level: 'leaves', automatic: true, parents: 2 });
    expect(flow.level_of_work.sentence).toBe('Counting leaf items: 2 parents left out');
    const types = flow.by_type.map((row: { type: string | null }) => row.type).sort();
    expect(types).toEqual(['Bug', 'Feature', 'Task']);
    const finished = flow.by_type.reduce((n: number, row: { throughput: number }) => n + row.throughput, 0);
    expect(finished).toBe(flow.throughput.total);
  });

  it('lists its parents with their children and forecasts, and names what blocks the blocked item', async () => {
    const board = generateDemoBoard({ now: NOW });
    const { parents } = await get(`/api/parents/?project=${encodeURIComponent(DEMO_PROJECT_ID)}`);
    expect(parents.map((p: { title: string }) => p.title).sort()).toEqual(
      DEMO_PARENTS.map((p) => p.title).sort(),
    );
    for (const parent of parents) {
      const children = board.items.filter((i) => i.parentNumber === parent.number);
      expect(parent.progress.total).toBe(children.length);
      expect(parent.progress.done).toBe(children.filter((c) => c.transitions.at(-1)?.to === 'Done').length);
      expect(parent.sub_issues).toEqual({ total: children.length, completed: parent.progress.done });
      expect(parent.lead_time.started_at).not.toBeNull();
    }
    const blocked = flow.aging.items.find((i: { blocked?: boolean }) => i.blocked);
    const item = await get(
      `/api/item/?project=${encodeURIComponent(DEMO_PROJECT_ID)}&item=${encodeURIComponent(blocked.id)}`,
    );
    expect(item.blocked_by).toEqual([
      expect.objectContaining({ title: DEMO_BLOCKER_TITLE, repository: 'fluxion-demo/storefront' }),
    ]);
    expect(item.blocked).toHaveLength(1);
  });
});
