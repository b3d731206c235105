import { DEMO_PROJECT_ID, startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInGithubUser } from '../testing/users.ts';
import { saveBoardCalendar } from './calendar.ts';
import { ensureDemoBoard } from './demo.ts';

const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const [platform] = sim.world.projectsOf('fluxion-labs');
if (!platform) throw new Error('the simulator is not seeded as expected');
/** Sunday 1 November 2026, 15:30 UTC: already Monday the 2nd at Kiritimati (UTC+14). */
const NOW = Date.UTC(2026, 10, 1, 15, 30);
const UTC_EVERY_DAY = { time_zone: 'UTC', weekends: [], holidays: [] };
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe.each(cases)('board calendar on $name', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url, clock: testClock(NOW) });
  const demoBoardId = await ensureDemoBoard(ctx, { live: false });
  const { auth } = await signedInGithubUser(ctx, sim, 'octo-alice');
  const save = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/projects/', headers: auth, payload });
  const flow = async () => {
    const response = await app.inject({
      url: `/api/flow/?project=${encodeURIComponent(DEMO_PROJECT_ID)}`,
      headers: auth,
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response;
  };

  it('is saved with the project, read back, and kept when a later save leaves it out', async () => {
    const calendar = { time_zone: 'Asia/Dubai', weekends: [5, 6], holidays: ['2026-12-02', '2026-12-03'] };
    const added = await save({ project_id: platform.nodeId, iteration_length: 14, calendar });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().calendar).toEqual(calendar);
    const kept = await save({ project_id: platform.nodeId, iteration_length: 7 });
    expect(kept.json().calendar).toEqual(calendar);
    const read = await app.inject({ url: `/api/projects/${platform.nodeId}/`, headers: auth });
    expect(read.json().calendar).toEqual(calendar);
    const reset = await save({ project_id: platform.nodeId, iteration_length: 7, calendar: UTC_EVERY_DAY });
    expect(reset.json().calendar).toEqual(UTC_EVERY_DAY);
  });

  it('answers 400 naming the calendar for an unknown zone, a week with no working day or a date that is not one', async () => {
    const bad = [
      { time_zone: 'Mars/Olympus', weekends: [], holidays: [] },
      { time_zone: 'UTC', weekends: [0, 1, 2, 3, 4, 5, 6], holidays: [] },
      { time_zone: 'UTC', weekends: [7], holidays: [] },
      { time_zone: 'UTC', weekends: [], holidays: ['2026-02-30'] },
      { time_zone: 'UTC', weekends: [], holidays: ['next friday'] },
    ];
    for (const calendar of bad) {
      const response = await save({ project_id: platform.nodeId, iteration_length: 7, calendar });
      expect(response.statusCode, JSON.stringify(calendar)).toBe(400);
      expect(response.json().field, JSON.stringify(calendar)).toMatch(/^calendar/);
    }
  });

  it("moves the Flow page's days to the board's time zone and its forecasts to working days, without a stale cache", async () => {
    const before = await flow();
    expect(before.json().window.end).toBe('2026-11-01');
    await saveBoardCalendar(ctx.db, demoBoardId, {
      time_zone: 'Pacific/Kiritimati',
      weekends: [6, 0],
      holidays: [],
    });
    const after = (await flow()).json();
    expect(after.window.end).toBe('2026-11-02');
    expect(after.forecast.sample_days).toBeLessThan(before.json().forecast.sample_days);
    for (const result of after.forecast.when.results)
      if (result.date !== null) expect([0, 6]).not.toContain(weekdayOf(result.date));
    await saveBoardCalendar(ctx.db, demoBoardId, UTC_EVERY_DAY);
    expect((await flow()).body).toBe(before.body);
  });

  it('puts the lead-time series on local days and counts working time only', async () => {
    const leadTime = async () => {
      const url = `/api/leadtime/?project=${encodeURIComponent(DEMO_PROJECT_ID)}&days=7`;
      const response = await app.inject({ url, headers: auth });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const { metrics, ...series } = response.json();
      return { metrics, series: series as Record<string, { average_lead_time: number }> };
    };
    const before = await leadTime();
    await saveBoardCalendar(ctx.db, demoBoardId, {
      time_zone: 'Pacific/Kiritimati',
      weekends: [6, 0],
      holidays: [],
    });
    const after = await leadTime();
    expect(Object.keys(after.series).at(-1)).toBe('2026-11-02');
    expect(Object.keys(before.series).at(-1)).toBe('2026-11-01');
    expect(after.metrics.avg_lead_time).toBeLessThan(before.metrics.avg_lead_time);
    await saveBoardCalendar(ctx.db, demoBoardId, UTC_EVERY_DAY);
    expect(await leadTime()).toEqual(before);
  });

  it("reads a date-range filter's days in the board's time zone", async () => {
    // Which issues wait in a column does not depend on the zone; which of them were on the board by the
    // end of a day does: Kiritimati's day ends 14 hours before UTC's.
    const waitingBy = async (day: string) => {
      const url = `/api/issues/?project=${encodeURIComponent(DEMO_PROJECT_ID)}&column=Backlog&to=${day}`;
      const response = await app.inject({ url, headers: auth });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      return response.json().issues.map((i: { number: number }) => i.number);
    };
    const days = Array.from({ length: 60 }, (_, i) =>
      new Date(NOW - i * 86_400_000).toISOString().slice(0, 10),
    );
    const inUtc = await Promise.all(days.map(waitingBy));
    await saveBoardCalendar(ctx.db, demoBoardId, {
      time_zone: 'Pacific/Kiritimati',
      weekends: [],
      holidays: [],
    });
    const inKiritimati = await Promise.all(days.map(waitingBy));
    await saveBoardCalendar(ctx.db, demoBoardId, UTC_EVERY_DAY);
    const differ = days.filter((_, i) => JSON.stringify(inUtc[i]) !== JSON.stringify(inKiritimati[i]));
    expect(differ.length).toBeGreaterThan(0);
    days.forEach((_, i) => {
      const earlier = new Set(inKiritimati[i]);
      expect(inUtc[i].filter((n: number) => earlier.has(n))).toEqual(inKiritimati[i]);
    });
  });

  it('counts the ages of issues in a column in working time', async () => {
    const ages = async () => {
      const url = `/api/issues/?project=${encodeURIComponent(DEMO_PROJECT_ID)}&column=In%20Progress`;
      const response = await app.inject({ url, headers: auth });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      return response.json().issues.map((i: { days_in_current_column: number }) => i.days_in_current_column);
    };
    const before: number[] = await ages();
    await saveBoardCalendar(ctx.db, demoBoardId, { time_zone: 'UTC', weekends: [6, 0], holidays: [] });
    const after: number[] = await ages();
    expect(after.length).toBe(before.length);
    expect(after.reduce((a, b) => a + b, 0)).toBeLessThan(before.reduce((a, b) => a + b, 0));
    await saveBoardCalendar(ctx.db, demoBoardId, UTC_EVERY_DAY);
  });

  it('puts the time-in-state series on local days', async () => {
    const dates = async () => {
      const url = `/api/timeinstate/?project=${encodeURIComponent(DEMO_PROJECT_ID)}&days=7`;
      const response = await app.inject({ url, headers: auth });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const { metrics, column_classification, ...series } = response.json();
      return Object.keys(series);
    };
    expect((await dates()).at(-1)).toBe('2026-11-01');
    await saveBoardCalendar(ctx.db, demoBoardId, {
      time_zone: 'Pacific/Kiritimati',
      weekends: [6, 0],
      holidays: [],
    });
    expect((await dates()).at(-1)).toBe('2026-11-02');
    await saveBoardCalendar(ctx.db, demoBoardId, UTC_EVERY_DAY);
  });
});
