import { sign } from '@octokit/webhooks-methods';
import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { startSession } from '../auth/sessions.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { simControl } from '../testing/sim-control.ts';
import { signedInGithubUser } from '../testing/users.ts';
import { readerFactory } from './readers.ts';
import { createCollector } from './runner.ts';

/**
 * Blocked time from the imported history and from a board field (docs/metrics.md, "Blocked time"): the
 * history import reads the issues' label events, the listings record the blocked field's values dated by
 * GitHub, a webhook records its edits, and the Flow answer counts both sources.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const DAY = 86_400_000;
const HOUR = 3_600_000;
const control = <T>(path: string, body: unknown) => simControl<T>(sim.url, path, body);
const iso = (ms: number) => new Date(ms).toISOString();

const start = sim.world.now();
const board = await control<{ id: string }>('/_sim/projects', {
  owner: 'fluxion-labs',
  title: 'Blocked history',
  columns: ['Todo', 'In Progress', 'Review', 'Done'],
  singleSelectFields: [{ name: 'Flag', options: ['Impeded', 'Ready'] }],
  at: iso(start - 10 * DAY),
});
const issue = (title: string, at: number, extra: Record<string, unknown>) =>
  control<{ contentId: string; itemId: string }>('/_sim/issues', {
    title,
    repo: 'fluxion-labs/platform',
    projectId: board.id,
    status: 'In Progress',
    actor: 'octo-bob',
    at: iso(at),
    ...extra,
  });
// Labelled `blocked` four days before the board is tracked, unlabelled now: only the timeline knows.
const vendor = await issue('Waiting on the vendor', start - 4 * DAY, { labels: ['blocked', 'bug'] });
await fetch(`${sim.url}/_sim/issues/${vendor.contentId}`, {
  method: 'PATCH',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ labels: ['bug'] }),
});
// Flagged Impeded three days before the board is tracked: the listing gives the value and when it was set.
const flagged = await issue('Flagged by the team', start - 3 * DAY, { fields: { Flag: 'Impeded' } });
const flowing = await issue('Flowing', start - 2 * DAY, {});

/** As GitHub spells them: the request's 'impeded' is saved as the option is named, with their ids. */
const FLAG = { name: 'Flag', value: 'Impeded' };
const flagField = sim.world.projects.get(board.id)?.otherSingleSelects?.[0];
const impeded = flagField?.options.find((o) => o.name === 'Impeded');
if (!flagField || !impeded) throw new Error('the simulator has no Flag field');
const FLAG_IDS = { ...FLAG, field_id: flagField.nodeId, option_id: impeded.id };

describe.each(cases)('blocked history on $name', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
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
  const save = (flow_policies: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: auth,
      payload: { project_id: board.id, iteration_length: 7, flow_policies },
    });
  const flow = async () => {
    const response = await app.inject({
      url: `/api/flow/?project=${encodeURIComponent(board.id)}`,
      headers: auth,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json();
  };
  type Aging = { title: string; blocked: boolean; blocked_days: number };
  const agingItem = (answer: { aging: { items: Aging[] } }, title: string) => {
    const item = answer.aging.items.find((i) => i.title === title);
    expect(item, title).toBeDefined();
    return item as Aging;
  };
  const reader = readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 });
  /** A projects_v2_item edit of a single-select field, delivered to the server as GitHub signs it. */
  const deliverEdit = async (deliveryId: string, itemId: string, fieldValue: Record<string, unknown>) => {
    const body = JSON.stringify({
      action: 'edited',
      organization: { login: 'fluxion-labs' },
      projects_v2_item: { node_id: itemId, project_node_id: board.id, updated_at: iso(ctx.now()) },
      changes: { field_value: { field_type: 'single_select', ...fieldValue } },
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
  const dataVersion = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('boards')
          .select('data_version')
          .where('github_project_id', '=', board.id)
          .executeTakeFirstOrThrow()
      ).data_version,
    );

  it('takes a board field as blocked marker, and answers 400 naming it when a part is missing or not on the board', async () => {
    const added = await save({ blocked_field: { name: 'Flag', value: 'impeded' } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().flow_policies).toMatchObject({ blocked_label: 'blocked', blocked_field: FLAG_IDS });
    for (const blocked_field of [
      { name: 'Flag' },
      { name: ' ', value: 'Yes' },
      { name: 'Flag', value: 'x'.repeat(101) },
    ]) {
      const bad = await save({ blocked_field });
      expect(bad.statusCode, JSON.stringify(blocked_field)).toBe(400);
      expect(bad.json().field, JSON.stringify(blocked_field)).toMatch(/^flow_policies\.blocked_field/);
    }
    // Checked against the board's single-select fields on GitHub: the message says what it has.
    const noField = await save({ blocked_field: { name: 'Blocked', value: 'Yes' } });
    expect(noField.statusCode).toBe(400);
    expect(noField.json()).toMatchObject({ field: 'flow_policies.blocked_field.name' });
    expect(noField.json().message).toMatch(/"Blocked" is not a single-select field of this board.*"Flag"/);
    const noOption = await save({ blocked_field: { name: 'Flag', value: 'Stuck' } });
    expect(noOption.json()).toMatchObject({ field: 'flow_policies.blocked_field.value' });
    expect(noOption.json().message).toMatch(
      /"Flag" has no option "Stuck" \(its options: "Impeded", "Ready"\)/,
    );
    const read = await app.inject({ url: `/api/projects/${board.id}/`, headers: auth });
    expect(read.json().flow_policies.blocked_field).toEqual(FLAG_IDS);
  });

  it('keeps the ids GitHub gave when the same field is saved again, and never takes them from the request', async () => {
    const again = await save({ blocked_field: { name: 'Flag', value: 'Impeded' } });
    expect(again.json().flow_policies.blocked_field).toEqual(FLAG_IDS);
    const spoofed = await save({ blocked_field: { ...FLAG, field_id: 'PVTSSF_other', option_id: 'x' } });
    expect(spoofed.json().flow_policies.blocked_field).toEqual(FLAG_IDS);
  });

  it('imports the label events of the timelines and records the field values with the times GitHub gives', async () => {
    await createCollector(ctx, reader).runOnce();
    const labels = await ctx.db
      .selectFrom('label_changes')
      .select(['item_id', 'label', 'added', 'at', 'source'])
      .where('label', '=', 'blocked')
      .orderBy('at')
      .execute();
    expect(labels.map((r) => [r.item_id, Number(r.added), r.source])).toEqual([
      [vendor.itemId, 1, 'timeline'],
      [vendor.itemId, 0, 'timeline'],
    ]);
    // GitHub's DateTime has whole seconds.
    expect(Math.abs(Number(labels[0]?.at) - (start - 4 * DAY))).toBeLessThan(1000);
    const values = await ctx.db.selectFrom('field_value_changes').selectAll().execute();
    // Filed under the field's node id: a rename on GitHub keeps the history.
    expect(values.map((r) => [r.item_id, r.field, r.value, r.source])).toEqual([
      [flagged.itemId, flagField.nodeId, 'Impeded', 'poll'],
    ]);
    expect(Math.abs(Number(values[0]?.at) - (start - 3 * DAY))).toBeLessThan(1000);
  });

  it('counts both in the Flow answer: four days of imported label, three days of field so far', async () => {
    clock.advance(HOUR);
    await signInAgain();
    const answer = await flow();
    expect(answer.blocked).toMatchObject({ label: 'blocked', field: FLAG, blocked_now: 1 });
    const vendorItem = agingItem(answer, 'Waiting on the vendor');
    expect(vendorItem).toMatchObject({ blocked: false });
    expect(vendorItem.blocked_days).toBeCloseTo(4, 1);
    const flaggedItem = agingItem(answer, 'Flagged by the team');
    expect(flaggedItem).toMatchObject({ blocked: true });
    expect(flaggedItem.blocked_days).toBeCloseTo(3 + 1 / 24, 1);
    expect(agingItem(answer, 'Flowing')).toMatchObject({ blocked: false, blocked_days: 0 });
    expect(answer.blocked.by_column['In Progress']).toBeCloseTo(7 + 1 / 24, 1);
  });

  it('records an edit of the blocked field delivered by webhook, once, and the item is no longer blocked', async () => {
    const before = await dataVersion();
    const deliver = (id: string) =>
      deliverEdit(id, flagged.itemId, {
        field_node_id: flagField.nodeId,
        field_name: 'Flag',
        from: { id: impeded.id, name: 'Impeded' },
        to: { id: 'o2', name: 'Ready' },
      });
    const first = await deliver('d-flag-1');
    expect(first.json()).toEqual({ status: 'blocked field recorded' });
    expect(await dataVersion()).toBeGreaterThan(before);
    expect((await deliver('d-flag-2')).json()).toEqual({ status: 'blocked field recorded' });
    const webhookRows = await ctx.db
      .selectFrom('field_value_changes')
      .select(['value', 'source'])
      .where('source', '=', 'webhook')
      .execute();
    expect(webhookRows).toEqual([{ value: 'Ready', source: 'webhook' }]);
    clock.advance(HOUR);
    await signInAgain();
    const answer = await flow();
    expect(agingItem(answer, 'Flagged by the team')).toMatchObject({ blocked: false });
    expect(agingItem(answer, 'Flagged by the team').blocked_days).toBeCloseTo(3 + 1 / 24, 1);
    expect(answer.blocked.blocked_now).toBe(0);
  });

  it('leaves the field history out once the board names no field', async () => {
    await signInAgain();
    const cleared = await save({ blocked_field: null });
    expect(cleared.json().flow_policies.blocked_field).toBeUndefined();
    const answer = await flow();
    expect(answer.blocked.field).toBeUndefined();
    expect(agingItem(answer, 'Flagged by the team').blocked_days).toBe(0);
  });

  it('keeps working when the field and its option are renamed on GitHub: listings and webhooks know them by id', async () => {
    await signInAgain();
    expect((await save({ blocked_field: FLAG })).json().flow_policies.blocked_field).toEqual(FLAG_IDS);
    flagField.name = 'Impediment';
    impeded.name = 'Stuck';
    // The simulator serves both databases' runs: named again as they were afterwards.
    onTestFinished(async () => {
      flagField.name = 'Flag';
      impeded.name = 'Impeded';
      await control(`/_sim/items/${flowing.itemId}/fields`, { fields: { Flag: null } });
    });
    const setAt = ctx.now();
    await control(`/_sim/items/${flowing.itemId}/fields`, {
      fields: { Impediment: 'Stuck' },
      at: iso(setAt),
    });
    // The next full listing asks the field by its new name, and stores it for display.
    clock.advance(ctx.config.collectorTiming.fullSyncMs);
    await createCollector(ctx, reader).runOnce();
    await signInAgain();
    const renamed = { ...FLAG_IDS, name: 'Impediment' };
    const read = await app.inject({ url: `/api/projects/${board.id}/`, headers: auth });
    expect(read.json().flow_policies.blocked_field).toEqual(renamed);
    const flowingRows = await ctx.db
      .selectFrom('field_value_changes')
      .select(['field', 'value', 'at'])
      .where('item_id', '=', flowing.itemId)
      .execute();
    // The renamed option is recorded in the spelling the history and the policy share.
    expect(flowingRows.map((r) => [r.field, r.value])).toEqual([[flagField.nodeId, 'Impeded']]);
    expect(Math.abs(Number(flowingRows[0]?.at) - setAt)).toBeLessThan(1000);
    // A webhook without field_name, naming the option by its new name: matched by the ids.
    const edit = await deliverEdit('d-flag-renamed', vendor.itemId, {
      field_node_id: flagField.nodeId,
      from: null,
      to: { id: impeded.id, name: 'Stuck' },
    });
    expect(edit.json()).toEqual({ status: 'blocked field recorded' });
    // Another field of the same name as the blocked field was saved with is not it.
    const other = await deliverEdit('d-flag-other', vendor.itemId, {
      field_node_id: 'PVTSSF_other',
      field_name: 'Flag',
      to: { id: 'x', name: 'Impeded' },
    });
    expect(other.json()).toEqual({ status: 'ignored: not the workflow field' });
    // Renamed again, and an edit's payload names it so: a full sync at once stores the name GitHub has.
    flagField.name = 'Impediment 2';
    const named = await deliverEdit('d-flag-named', vendor.itemId, {
      field_node_id: flagField.nodeId,
      field_name: 'Impediment 2',
      to: { id: impeded.id, name: 'Stuck' },
    });
    expect(named.json()).toEqual({ status: 'blocked field recorded' });
    await createCollector(ctx, reader).runOnce();
    const again = await app.inject({ url: `/api/projects/${board.id}/`, headers: auth });
    expect(again.json().flow_policies.blocked_field).toEqual({ ...FLAG_IDS, name: 'Impediment 2' });
    clock.advance(HOUR);
    await signInAgain();
    const answer = await flow();
    expect(answer.blocked.field).toMatchObject({ name: 'Impediment 2', value: 'Impeded' });
    expect(agingItem(answer, 'Flowing')).toMatchObject({ blocked: true });
    expect(agingItem(answer, 'Waiting on the vendor')).toMatchObject({ blocked: true });
    expect(agingItem(answer, 'Flowing').blocked_days).toBeCloseTo((ctx.now() - setAt) / DAY, 1);
  });

  it('gives a field saved by name only (before ids were stored) its ids when saved again, its history kept', async () => {
    const legacy = { sle: null, wip_limits: {}, blocked_label: 'blocked', blocked_field: FLAG };
    await ctx.db
      .updateTable('boards')
      .set({ flow_policies: JSON.stringify(legacy) })
      .where('github_project_id', '=', board.id)
      .execute();
    await ctx.db.updateTable('field_value_changes').set({ field: 'Flag' }).execute();
    const recorded = await ctx.db.selectFrom('field_value_changes').select('item_id').execute();
    await signInAgain();
    const blockedBefore = (await flow()).blocked.by_column['In Progress'];
    expect(blockedBefore).toBeGreaterThan(0);
    const saved = await save({ blocked_field: FLAG });
    expect(saved.json().flow_policies.blocked_field).toEqual(FLAG_IDS);
    const fields = await ctx.db.selectFrom('field_value_changes').select('field').execute();
    expect(fields).toEqual(recorded.map(() => ({ field: flagField.nodeId })));
    expect((await flow()).blocked.by_column['In Progress']).toBeCloseTo(blockedBefore, 3);
  });

  it('a blocked field deleted on GitHub leaves the board without one, and its syncs go on', async () => {
    await signInAgain();
    expect((await save({ blocked_field: FLAG })).json().flow_policies.blocked_field).toEqual(FLAG_IDS);
    const fields = sim.world.projects.get(board.id)?.otherSingleSelects ?? [];
    const kept = fields.splice(0, fields.length);
    onTestFinished(() => {
      fields.push(...kept);
    });
    clock.advance(ctx.config.collectorTiming.fullSyncMs);
    await createCollector(ctx, reader).runOnce();
    const row = await ctx.db
      .selectFrom('boards')
      .select(['last_error', 'sync_error_count'])
      .where('github_project_id', '=', board.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ last_error: null, sync_error_count: 0 });
    await signInAgain();
    const read = await app.inject({ url: `/api/projects/${board.id}/`, headers: auth });
    expect(read.json().flow_policies.blocked_field).toBeUndefined();
  });
});
