import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { dialectCases } from '../testing/databases.ts';
import { twoViewersOfBoard, vaultBoard } from '../testing/private-board.ts';

/**
 * Once, one holiday the API took (0050-01-01: Date.parse read it, Date.UTC read it as
 * 1950) took the board down for everyone who tracks it. Such a date is refused on input (400 naming
 * the field), and a stored one is left out on read: the board keeps answering.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const vault = await vaultBoard(sim);
const BAD_DATES = ['0050-01-01', '0099-12-31', '1969-12-31', '2026-02-30'];

describe.each(cases)('dates that cannot be used ($name)', async ({ name: dialect, create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx, bob } = await twoViewersOfBoard(database, sim, vault);
  const board = await ctx.db
    .selectFrom('boards')
    .select('id')
    .where('github_project_id', '=', vault)
    .executeTakeFirstOrThrow();
  const get = (url: string) => app.inject({ url, headers: bob.auth });
  const analyses = (query = '') => ({
    leadTime: `/api/leadtime/?project=${vault}&days=30${query}`,
    timeInState: `/api/timeinstate/?project=${vault}&days=30${query}`,
    issues: `/api/issues/?project=${vault}&column=Todo${query}`,
    flow: `/api/flow/?project=${vault}${query}`,
    columnStats: `/api/projects/${vault}/column-stats/?${query.slice(1)}`,
    export: `/api/export/items.csv?project=${vault}${query}`,
  });
  const share = (filters: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/share-links/',
      headers: bob.auth,
      payload: { project: vault, filters },
    });
  const storeCalendar = (calendar: unknown) =>
    ctx.db
      .updateTable('boards')
      .set({ calendar: JSON.stringify(calendar) })
      .where('id', '=', board.id)
      .execute();

  it('a holiday that is not a usable date is refused when the board is saved (400 naming it)', async () => {
    for (const holiday of BAD_DATES) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/projects/',
        headers: bob.auth,
        payload: {
          project_id: vault,
          iteration_length: 7,
          calendar: { time_zone: 'UTC', weekends: [], holidays: ['2026-12-25', holiday] },
        },
      });
      expect(response.statusCode, `${holiday}: ${response.body}`).toBe(400);
      expect(response.json().field).toBe('calendar.holidays.1');
      expect(response.json().message).toContain(holiday);
    }
    const project = await get(`/api/projects/${vault}/`);
    expect(project.json().calendar.holidays).toEqual([]);
  });

  it('a stored holiday that cannot be used is left out (with a warning): every answer of the board is 200', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Warned once per stored calendar and process: each dialect's calendar is its own.
    const holiday = dialect === 'sqlite' ? '2026-12-02' : '2026-12-03';
    await storeCalendar({ time_zone: 'Asia/Dubai', weekends: [5, 6], holidays: ['0050-01-01', holiday] });
    try {
      const link = await share({ days: 14 });
      expect(link.statusCode, link.body).toBe(201);
      const urls = {
        ...analyses(),
        overview: '/api/overview/?days=30',
        project: `/api/projects/${vault}/`,
        projects: '/api/projects/',
        shared: `/api/shared/?token=${encodeURIComponent(link.json().token)}`,
      };
      for (const [name, url] of Object.entries(urls)) {
        const response = await get(url);
        expect(response.statusCode, `${name}: ${response.body.slice(0, 300)}`).toBe(200);
      }
      // The rest of the calendar still applies.
      expect((await get(urls.project)).json().calendar).toEqual({
        time_zone: 'Asia/Dubai',
        weekends: [5, 6],
        holidays: [holiday],
      });
      expect((await get(urls.shared)).json()).toMatchObject({ time_zone: 'Asia/Dubai', days_off: true });
      expect((await get(urls.export)).body.split('\n')[0]).toContain('(Asia/Dubai, ');
      const overview = (await get(urls.overview)).json();
      expect(JSON.stringify(overview)).toContain(vault);
      const warnings = warn.mock.calls.map((call) => String(call[0]));
      expect(warnings.filter((line) => line.includes('0050-01-01'))).toHaveLength(1);
    } finally {
      warn.mockRestore();
      await storeCalendar({ time_zone: 'UTC', weekends: [], holidays: [] });
    }
  });

  it('from and to with a year before 1970 or a date that does not exist are a 400 naming the parameter', async () => {
    for (const date of BAD_DATES) {
      for (const param of ['from', 'to']) {
        for (const [name, url] of Object.entries(analyses(`&${param}=${date}`))) {
          const response = await get(url);
          expect(response.statusCode, `${name} ${param}=${date}: ${response.body.slice(0, 200)}`).toBe(400);
          expect(response.json().field, `${name} ${param}=${date}`).toBe(param);
        }
        const link = await share({ [param]: date });
        expect(link.statusCode, `share ${param}=${date}: ${link.body}`).toBe(400);
        expect(link.json().field).toBe(`filters.${param}`);
      }
    }
  });

  it('a share link stored with a date that cannot be used opens, and is listed, without that date', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const link = await share({ days: 14, from: '2026-01-01', label: ['hsm-only'] });
      expect(link.statusCode, link.body).toBe(201);
      const filters = JSON.stringify({ days: 14, from: '0050-01-01', to: '2026-02-30', label: ['hsm-only'] });
      await ctx.db.updateTable('share_links').set({ filters }).where('id', '=', link.json().id).execute();
      const opened = await app.inject({ url: `/api/shared/?token=${encodeURIComponent(link.json().token)}` });
      expect(opened.statusCode, opened.body.slice(0, 300)).toBe(200);
      expect(opened.json().filters).toMatchObject({ days: 14, label: ['hsm-only'] });
      expect(opened.json().filters.from).toBeUndefined();
      const listed = await get('/api/share-links/');
      expect(listed.statusCode, listed.body.slice(0, 300)).toBe(200);
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
