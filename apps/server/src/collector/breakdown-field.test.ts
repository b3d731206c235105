import { sign } from '@octokit/webhooks-methods';
import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { startSession } from '../auth/sessions.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { simControl } from '../testing/sim-control.ts';
import { signedInGithubUser } from '../testing/users.ts';
import { readerFactory } from './readers.ts';
import { createCollector } from './runner.ts';

/**
 * The breakdown field (docs/metrics.md, "Breakdown"): picked in Add/Edit project among the board's
 * single-select fields (not its workflow field), its values read by the listings the collector makes and
 * from `projects_v2_item` edits (late and twice), Flow split by it, every analysis filtered by it, and a
 * field deleted on GitHub falls back to issue types and says so.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const DAY = 86_400_000;
const HOUR = 3_600_000;
const control = <T>(path: string, body: unknown) => simControl<T>(sim.url, path, body);
const iso = (ms: number) => new Date(ms).toISOString();
const start = sim.world.now();

describe.each(cases)('the breakdown field on $name', async ({ name, create }) => {
  const database = await create();
  afterAll(() => database.drop());
  // One board per database: the simulator serves both runs.
  const board = await control<{ id: string }>('/_sim/projects', {
    owner: 'fluxion-labs',
    title: `Breakdown ${name}`,
    columns: ['Todo', 'In Progress', 'Done'],
    singleSelectFields: [
      { name: 'Priority', options: ['High', 'Low'] },
      { name: 'Team', options: ['Web', 'API'] },
    ],
    at: iso(start - 10 * DAY),
  });
  const project = sim.world.projects.get(board.id);
  const priority = project?.otherSingleSelects?.find((f) => f.name === 'Priority');
  if (!project || !priority) throw new Error('the simulator has no Priority field');
  const issue = (title: string, at: number, fields: Record<string, string>) =>
    control<{ contentId: string; itemId: string }>('/_sim/issues', {
      title,
      repo: 'fluxion-labs/platform',
      projectId: board.id,
      status: 'In Progress',
      actor: 'octo-bob',
      at: iso(at),
      fields,
    });
  const checkout = await issue('Checkout fails', start - 3 * DAY, { Priority: 'High', Team: 'Web' });
  const search = await issue('Search is slow', start - 2 * DAY, { Priority: 'Low' });
  await issue('Write the docs', start - 2 * DAY, {});

  const { app, ctx, clock } = await buildTestApp(database, { githubUrl: sim.url, clock: testClock(start) });
  const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
  let auth = alice.auth;
  const signInAgain = async () => {
    const session = {
      userId: alice.user.id,
      sessionId: await startSession(ctx.db, alice.user.id, ctx.now()),
    };
    const access = await issueAccessToken({ ...session, secret: ctx.config.jwtSecret, now: ctx.now() });
    auth = { authorization: `Bearer ${access}` };
  };
  const save = (breakdown_field_id: string | null) =>
    app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: auth,
      payload: { project_id: board.id, iteration_length: 7, breakdown_field_id },
    });
  const get = (url: string) => app.inject({ url, headers: auth });
  const flow = async (params = '') => {
    const response = await get(`/api/flow/?project=${encodeURIComponent(board.id)}${params}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json();
  };
  type Row = { value: string | null; throughput: number; wip: number };
  const split = (answer: { breakdown: { rows: Row[] } }) =>
    answer.breakdown.rows.map((r) => [r.value, r.throughput, r.wip]);
  const reader = readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 });
  const collect = () => createCollector(ctx, reader).runOnce();
  const recorded = () =>
    ctx.db
      .selectFrom('field_value_changes')
      .innerJoin('boards', 'boards.id', 'field_value_changes.board_id')
      .select(['item_id', 'field', 'value', 'at', 'source'])
      .where('boards.github_project_id', '=', board.id)
      .orderBy('at')
      .execute();
  const deliverEdit = async (deliveryId: string, itemId: string, to: string, at: number) => {
    const option = priority.options.find((o) => o.name === to);
    const body = JSON.stringify({
      action: 'edited',
      organization: { login: 'fluxion-labs' },
      projects_v2_item: { node_id: itemId, project_node_id: board.id, updated_at: iso(at) },
      changes: {
        field_value: {
          field_type: 'single_select',
          field_node_id: priority.nodeId,
          field_name: 'Priority',
          to: { id: option?.id, name: to },
        },
      },
    });
    return app.inject({
      method: 'POST',
      url: '/webhooks/github',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'projects_v2_item',
        'x-github-delivery': deliveryId,
        'x-hub-signature-256': await sign(ctx.config.github.webhookSecret ?? '', body),
      },
      payload: body,
    });
  };

  it('takes one of the board single-select fields, never its workflow field, and answers 400 naming breakdown_field_id', async () => {
    const workflow = await save(project.statusField.nodeId);
    expect(workflow.statusCode).toBe(400);
    expect(workflow.json()).toMatchObject({ field: 'breakdown_field_id' });
    expect(workflow.json().message).toMatch(/"Status" is the board's workflow field/);
    const unknown = await save('PVTSSF_nope');
    expect(unknown.json()).toMatchObject({ field: 'breakdown_field_id' });
    expect(unknown.json().message).toMatch(/not a single-select field of this board.*"Priority", "Team"/);
    const added = await save(priority.nodeId);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().breakdown_field).toEqual({ id: priority.nodeId, name: 'Priority' });
  });

  it("reads each item's value in the listing, dated by GitHub, filed apart from any blocked field", async () => {
    await collect();
    const rows = await recorded();
    expect(rows.map((r) => [r.item_id, r.field, r.value, r.source])).toEqual([
      [checkout.itemId, `breakdown:${priority.nodeId}`, 'High', 'poll'],
      [search.itemId, `breakdown:${priority.nodeId}`, 'Low', 'poll'],
    ]);
    expect(Math.abs(Number(rows[0]?.at) - (start - 3 * DAY))).toBeLessThan(1000);
  });

  it('splits Flow by the field, by issue type on request, and filters every analysis by its values', async () => {
    clock.advance(HOUR);
    await signInAgain();
    const answer = await flow();
    expect(answer.breakdown).toMatchObject({ by: 'field', field: 'Priority' });
    expect(split(answer)).toEqual([
      ['High', 0, 1],
      ['Low', 0, 1],
      [null, 0, 1],
    ]);
    expect((await flow('&breakdown=issue_type')).breakdown).toMatchObject({ by: 'issue_type', field: null });
    const bad = await get(`/api/flow/?project=${encodeURIComponent(board.id)}&breakdown=team`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('breakdown');
    const high = await flow('&field_value=high');
    expect(high.aging.items.map((i: { title: string }) => i.title)).toEqual(['Checkout fails']);
    expect(high.performance_insight.message).toMatch(/Filter on: Priority "high"/);
    // ~none: the item without a Priority, alone or beside a value; another ~ value is refused.
    const titles = (answer: { aging: { items: { title: string }[] } }) =>
      answer.aging.items.map((i) => i.title).sort();
    const none = await flow('&field_value=~none');
    expect(titles(none)).toEqual(['Write the docs']);
    expect(none.performance_insight.message).toMatch(/Filter on: no Priority/);
    expect(titles(await flow('&field_value=~none&field_value=HIGH'))).toEqual([
      'Checkout fails',
      'Write the docs',
    ]);
    expect(titles(await flow('&field_value=~none&issue_type=~none'))).toEqual(['Write the docs']);
    const reserved = await get(`/api/flow/?project=${encodeURIComponent(board.id)}&issue_type=~nothing`);
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().field).toBe('issue_type');
    const issues = await get(
      `/api/issues/?project=${encodeURIComponent(board.id)}&column=In%20Progress&field_value=Low`,
    );
    expect(issues.statusCode, issues.body.slice(0, 200)).toBe(200);
    expect(JSON.stringify(issues.json())).toContain('Search is slow');
    expect(JSON.stringify(issues.json())).not.toContain('Checkout fails');
    // The items CSV ends with the field's value of each item now.
    const csv = await get(`/api/export/items.csv?project=${encodeURIComponent(board.id)}`);
    const [header, ...lines] = csv.body.trimEnd().split('\n');
    expect(header?.split(',').at(-1)).toBe('Field: Priority');
    const cells = (title: string) =>
      lines
        .find((line) => line.includes(title))
        ?.split(',')
        .at(-1);
    expect([cells('Checkout fails'), cells('Search is slow'), cells('Write the docs')]).toEqual([
      'High',
      'Low',
      '',
    ]);
    const suggestions = await get(`/api/filter-suggestions/?project=${encodeURIComponent(board.id)}`);
    expect(suggestions.json().breakdown_field).toEqual({
      name: 'Priority',
      values: [
        { name: 'High', items: 1 },
        { name: 'Low', items: 1 },
      ],
    });
  });

  it('records an edit delivered by webhook once however often, and a late one changes nothing', async () => {
    const editedAt = ctx.now();
    // Edited on GitHub (the next listing agrees), and its webhook delivered here by hand, twice.
    await control(`/_sim/items/${search.itemId}/fields`, { fields: { Priority: 'High' }, at: iso(editedAt) });
    const first = await deliverEdit('d-prio-1', search.itemId, 'High', editedAt);
    expect(first.json()).toEqual({ status: 'breakdown field recorded' });
    expect((await deliverEdit('d-prio-2', search.itemId, 'High', editedAt)).json()).toEqual({
      status: 'breakdown field recorded',
    });
    // An edit from before the one recorded, delivered late: filed at its own time, so High stays its value now.
    await deliverEdit('d-prio-late', search.itemId, 'Low', editedAt - HOUR);
    const webhookRows = (await recorded()).filter((r) => r.source === 'webhook');
    expect(webhookRows.map((r) => [r.value, Number(r.at)])).toEqual([
      ['Low', editedAt - HOUR],
      ['High', editedAt],
    ]);
    clock.advance(HOUR);
    await signInAgain();
    expect(split(await flow())).toEqual([
      ['High', 0, 2],
      [null, 0, 1],
    ]);
  });

  it('counts a finished item under the value it finished with, though it changed after', async () => {
    await control(`/_sim/items/${checkout.itemId}/move`, { status: 'Done', at: iso(ctx.now()) });
    clock.advance(HOUR);
    await control(`/_sim/items/${checkout.itemId}/fields`, {
      fields: { Priority: 'Low' },
      at: iso(ctx.now()),
    });
    clock.advance(HOUR);
    await collect();
    await signInAgain();
    expect(split(await flow())).toEqual([
      ['High', 1, 1],
      [null, 0, 1],
    ]);
  });

  it('a field deleted on GitHub: split by issue type and said so; its filter is a 400', async () => {
    const fields = project.otherSingleSelects ?? [];
    fields.splice(fields.indexOf(priority), 1);
    clock.advance(ctx.config.collectorTiming.fullSyncMs);
    await collect();
    await signInAgain();
    const read = await get(`/api/projects/${board.id}/`);
    expect(read.json().breakdown_field).toEqual({ id: priority.nodeId, name: 'Priority', gone: true });
    const answer = await flow();
    expect(answer.breakdown).toMatchObject({ by: 'issue_type', field: null });
    expect(answer.breakdown.note).toMatch(
      /"Priority" was deleted on GitHub: the work is split by issue type/,
    );
    const filtered = await get(`/api/flow/?project=${encodeURIComponent(board.id)}&field_value=High`);
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json().field).toBe('field_value');
    // Back to issue types by choice: the note goes.
    expect((await save(null)).json().breakdown_field).toBeNull();
    expect((await flow()).breakdown.note).toBeUndefined();
  });
});
