import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { control, gqlFor, rawGraphql, startSim } from '../test/helpers.ts';
import { startReceiver } from '../test/receiver.ts';

/**
 * What marks an item blocked, as GitHub shows it: label events on the issue's timeline (LabeledEvent,
 * UnlabeledEvent, at creation too), and the values per item of a board's other single-select fields, with
 * when each was set and a `projects_v2_item` edited webhook for each change.
 */
let sim: GithubSim;
let alice: ReturnType<typeof gqlFor>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const LABEL_EVENTS = `query($id: ID!) { node(id: $id) { ... on Issue {
  timelineItems(first: 100, itemTypes: [LABELED_EVENT, UNLABELED_EVENT, ADDED_TO_PROJECT_V2_EVENT]) {
    nodes { __typename ... on LabeledEvent { createdAt label { name } } ... on UnlabeledEvent { createdAt label { name } } }
  } } } }`;
const FLAG = `query($id: ID!) { node(id: $id) { ... on ProjectV2Item {
  flag: fieldValueByName(name: "Flag") { ... on ProjectV2ItemFieldSingleSelectValue { name updatedAt } }
  none: fieldValueByName(name: "Nothing") { ... on ProjectV2ItemFieldSingleSelectValue { name } } } } }`;

type Event = { __typename: string; createdAt?: string; label?: { name: string } };
const timeline = async (contentId: string) =>
  (await alice<{ node: { timelineItems: { nodes: Event[] } } }>(LABEL_EVENTS, { id: contentId })).node
    .timelineItems.nodes;
const flag = async (itemId: string) =>
  (
    await alice<{ node: { flag: { name: string; updatedAt: string } | null; none: unknown } }>(FLAG, {
      id: itemId,
    })
  ).node;
const advance = (minutes: number) => control(sim, '/_sim/clock/advance', { minutes });

beforeAll(async () => {
  receiver = await startReceiver();
  sim = await startSim({ clock: 'manual', webhookUrls: [receiver.url], webhookSecret: 'shh' });
  alice = gqlFor(sim, sim.createToken('octo-alice'));
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

describe('label events on the timeline', () => {
  it('records a LabeledEvent for each label an issue is created with, and one per label put on or taken off', async () => {
    const issue = await control<{ contentId: string }>(sim, '/_sim/issues', {
      repo: 'fluxion-labs/platform',
      title: 'Waiting on the vendor',
      labels: ['bug'],
    });
    await advance(10);
    await control(sim, `/_sim/issues/${issue.contentId}`, { labels: ['bug', 'blocked'] }, 'PATCH');
    await advance(90);
    await control(sim, `/_sim/issues/${issue.contentId}`, { labels: ['bug'] }, 'PATCH');
    const events = await timeline(issue.contentId);
    expect(events.map((e) => [e.__typename, e.label?.name])).toEqual([
      ['LabeledEvent', 'bug'],
      ['LabeledEvent', 'blocked'],
      ['UnlabeledEvent', 'blocked'],
    ]);
    const [created, on, off] = events.map((e) => Date.parse(e.createdAt ?? ''));
    expect((on ?? 0) - (created ?? 0)).toBe(10 * 60_000);
    expect((off ?? 0) - (on ?? 0)).toBe(90 * 60_000);
  });

  it('leaves label events out when the query asks for other event types only', async () => {
    const issue = await control<{ contentId: string }>(sim, '/_sim/issues', {
      repo: 'fluxion-labs/platform',
      title: 'Labelled',
      labels: ['blocked'],
    });
    const only = `query($id: ID!) { node(id: $id) { ... on Issue {
      timelineItems(first: 100, itemTypes: [ADDED_TO_PROJECT_V2_EVENT]) { nodes { __typename } } } } }`;
    const answer = await alice<{ node: { timelineItems: { nodes: Event[] } } }>(only, {
      id: issue.contentId,
    });
    expect(answer.node.timelineItems.nodes).toEqual([]);
  });
});

describe('a single-select field other than the workflow field', () => {
  it('holds a value per item, with when it was set; null clears it; a name no field has answers null', async () => {
    const board = await control<{ id: string }>(sim, '/_sim/projects', {
      owner: 'fluxion-labs',
      title: 'Flagged',
      columns: ['Todo', 'Doing', 'Done'],
      singleSelectFields: [{ name: 'Flag', options: ['Impeded', 'Ready'] }],
    });
    const work = await control<{ itemId: string }>(sim, '/_sim/issues', {
      repo: 'fluxion-labs/platform',
      title: 'Flag me',
      projectId: board.id,
      status: 'Doing',
      fields: { Flag: 'Impeded' },
    });
    const first = await flag(work.itemId);
    expect(first.flag?.name).toBe('Impeded');
    expect(first.none).toBeNull();
    // An empty name is refused, not answered null: GitHub publishes no answer for it (docs/github.md).
    const empty = await rawGraphql(
      sim,
      `query($item: ID!, $board: ID!) {
        item: node(id: $item) { ... on ProjectV2Item { fieldValueByName(name: "") { __typename } } }
        board: node(id: $board) { ... on ProjectV2 { field(name: "") { __typename } } } }`,
      sim.createToken('octo-alice'),
      { item: work.itemId, board: board.id },
    );
    expect(empty.body.errors).toEqual([
      expect.objectContaining({ type: 'UNPROCESSABLE', message: "Field name can't be blank" }),
      expect.objectContaining({ type: 'UNPROCESSABLE', message: "Field name can't be blank" }),
    ]);
    await advance(30);
    await control(sim, '/_sim/webhooks/flush');
    receiver.received.length = 0;
    await control(sim, `/_sim/items/${work.itemId}/fields`, { fields: { Flag: 'Ready' } });
    const ready = await flag(work.itemId);
    expect(ready.flag?.name).toBe('Ready');
    expect(Date.parse(ready.flag?.updatedAt ?? '') - Date.parse(first.flag?.updatedAt ?? '')).toBe(
      30 * 60_000,
    );
    await control(sim, `/_sim/items/${work.itemId}/fields`, { fields: { Flag: null } });
    expect((await flag(work.itemId)).flag).toBeNull();

    await control(sim, '/_sim/webhooks/flush');
    const payloads = receiver.received.map((r) => JSON.parse(r.body));
    expect(payloads.map((p) => p.changes.field_value)).toEqual([
      expect.objectContaining({
        field_name: 'Flag',
        from: expect.objectContaining({ name: 'Impeded' }),
        to: expect.objectContaining({ name: 'Ready' }),
      }),
      expect.objectContaining({
        field_name: 'Flag',
        from: expect.objectContaining({ name: 'Ready' }),
        to: null,
      }),
    ]);
    expect(payloads.every((p) => p.action === 'edited' && p.projects_v2_item.node_id === work.itemId)).toBe(
      true,
    );
  });

  it('refuses an option the field does not have', async () => {
    const board = await control<{ id: string }>(sim, '/_sim/projects', {
      owner: 'fluxion-labs',
      title: 'Flagged 2',
      singleSelectFields: [{ name: 'Flag', options: ['Impeded'] }],
    });
    await expect(
      control(sim, '/_sim/issues', {
        repo: 'fluxion-labs/platform',
        title: 'Bad flag',
        projectId: board.id,
        fields: { Flag: 'Nope' },
      }),
    ).rejects.toThrow(/no option Nope in Flag/);
  });
});
