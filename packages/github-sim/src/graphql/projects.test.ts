import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { control, gqlFor, startSim } from '../test/helpers.ts';

let sim: GithubSim;
let alice: ReturnType<typeof gqlFor>;
type Item = {
  id: string;
  type: string;
  content: { title?: string } | null;
  status: { name: string; updatedAt: string } | null;
};
type Items = { organization: { projectV2: { id: string; items: { nodes: Item[] } } } };
const ITEMS = `query($q: String) { organization(login: "fluxion-labs") { projectV2(number: 1) { id
  items(first: 100, query: $q) { nodes { id type content { ... on Issue { title } ... on DraftIssue { title } ... on PullRequest { title } }
  status: fieldValueByName(name: "Status") { ... on ProjectV2ItemFieldSingleSelectValue { name updatedAt } } } } } } }`;

beforeAll(async () => {
  sim = await startSim({ clock: 'manual' });
  alice = gqlFor(sim, sim.createToken('octo-alice'));
});
afterAll(() => sim.close());

describe('projects, items and history', () => {
  it('lists Status options in board order', async () => {
    const data = await alice<{ organization: { projectV2: { field: { options: { name: string }[] } } } }>(
      '{ organization(login: "fluxion-labs") { projectV2(number: 1) { field(name: "Status") { ... on ProjectV2SingleSelectField { options { name } } } } } }',
    );
    expect(data.organization.projectV2.field.options.map((o) => o.name)).toEqual([
      'Backlog',
      'Todo',
      'In Progress',
      'In Review',
      'Done',
    ]);
  });

  it('redacts items the viewer may not see, and shows drafts, pull requests and no-status items', async () => {
    const { organization } = await alice<Items>(ITEMS);
    const types = organization.projectV2.items.nodes.map((i) => i.type);
    expect(types).toEqual(expect.arrayContaining(['ISSUE', 'PULL_REQUEST', 'DRAFT_ISSUE', 'REDACTED']));
    const redacted = organization.projectV2.items.nodes.find((i) => i.type === 'REDACTED');
    expect(redacted?.content).toBeNull();
    // Bob may see the private issue, but a classic token reads private content only with `repo` (as GitHub).
    const bob = await gqlFor(sim, sim.createToken('octo-bob', ['read:project', 'repo']))<Items>(ITEMS);
    expect(bob.organization.projectV2.items.nodes.some((i) => i.type === 'REDACTED')).toBe(false);
    const bobWithoutRepo = await gqlFor(sim, sim.createToken('octo-bob'))<Items>(ITEMS);
    expect(
      bobWithoutRepo.organization.projectV2.items.nodes.filter((i) => i.type === 'REDACTED'),
    ).toHaveLength(1);
    expect(organization.projectV2.items.nodes.find((i) => i.type === 'DRAFT_ISSUE')?.status).toBeNull();
  });

  it('filters with last-updated and records a move as a timeline event', async () => {
    await control(sim, '/_sim/quirks', { timelineEventLoss: 0 }); // this move writes its event
    const before = await alice<Items>(ITEMS);
    const target = before.organization.projectV2.items.nodes.find(
      (i) => i.type === 'ISSUE' && i.status?.name !== 'Done',
    );
    await control(sim, '/_sim/clock/advance', { days: 10 });
    expect(
      (await alice<Items>(ITEMS, { q: 'last-updated:2days' })).organization.projectV2.items.nodes,
    ).toEqual([]);
    const at = new Date(
      Date.parse((await control<{ now: string }>(sim, '/_sim/clock', undefined, 'GET')).now) - 3_600_000,
    ).toISOString();
    await control(sim, `/_sim/items/${target?.id}/move`, { status: 'Done', at });
    const recent = (await alice<Items>(ITEMS, { q: 'last-updated:2days' })).organization.projectV2.items
      .nodes;
    expect(recent.map((i) => i.id)).toEqual([target?.id]);
    expect(recent[0]?.status).toEqual({ name: 'Done', updatedAt: at.replace(/\.\d{3}Z$/, 'Z') });
    type Timeline = {
      node: {
        content: {
          timelineItems: { nodes: { __typename: string; status?: string; previousStatus?: string }[] };
        };
      };
    };
    const timeline = await alice<Timeline>(
      `query($id: ID!) { node(id: $id) { ... on ProjectV2Item { content { ... on Issue { timelineItems(first: 50, itemTypes: [PROJECT_V2_ITEM_STATUS_CHANGED_EVENT]) {
        nodes { __typename ... on ProjectV2ItemStatusChangedEvent { previousStatus status } } } } } } } }`,
      { id: target?.id },
    );
    const last = timeline.node.content.timelineItems.nodes.at(-1);
    expect(last).toMatchObject({
      __typename: 'ProjectV2ItemStatusChangedEvent',
      previousStatus: target?.status?.name,
      status: 'Done',
    });
  });

  it("loses a move's Status event as GitHub does, and keeps the label events and the fields' updatedAt", async () => {
    await control(sim, '/_sim/quirks', { timelineEventLoss: 1 });
    const project = await control<{ id: string }>(sim, '/_sim/projects', {
      owner: 'fluxion-labs',
      title: 'Evidence',
      columns: ['Todo', 'Doing', 'Done'],
      singleSelectFields: [{ name: 'Priority', options: ['High', 'Low'] }],
      numberFields: ['Estimate'],
    });
    const issue = await control<{ itemId: string; contentId: string }>(sim, '/_sim/issues', {
      repo: 'fluxion-labs/web',
      title: 'Evidence kept',
      projectId: project.id,
      status: 'Todo',
      at: '2026-11-01T09:00:00Z',
    });
    const edit = (body: object) => control(sim, `/_sim/issues/${issue.contentId}`, body, 'PATCH');
    await edit({ labels: ['in progress'], at: '2026-11-02T09:00:00Z' });
    await control(sim, `/_sim/items/${issue.itemId}/fields`, {
      fields: { Priority: 'High', Estimate: 3 },
      at: '2026-11-02T10:00:00Z',
    });
    await control(sim, `/_sim/items/${issue.itemId}/move`, { status: 'Doing', at: '2026-11-02T11:00:00Z' });
    await edit({ labels: [], at: '2026-11-03T09:00:00Z' });
    await control(sim, '/_sim/quirks', { timelineEventLoss: 'github' });
    type Value = { updatedAt?: string; field?: { name: string } };
    type Event = { __typename: string; createdAt: string; label?: { name: string } };
    const data = await alice<{
      node: {
        fieldValues: { nodes: Value[] };
        content: { timelineItems: { nodes: Event[] } };
      };
    }>(
      `query($id: ID!) { node(id: $id) { ... on ProjectV2Item {
        fieldValues(first: 20) { nodes { ... on ProjectV2ItemFieldValueCommon { updatedAt field { ... on ProjectV2FieldCommon { name } } } } }
        content { ... on Issue { timelineItems(first: 50, itemTypes: [PROJECT_V2_ITEM_STATUS_CHANGED_EVENT, LABELED_EVENT, UNLABELED_EVENT]) {
          nodes { __typename ... on LabeledEvent { createdAt label { name } } ... on UnlabeledEvent { createdAt label { name } }
            ... on ProjectV2ItemStatusChangedEvent { createdAt } } } } } } } }`,
      { id: issue.itemId },
    );
    expect(data.node.content.timelineItems.nodes).toEqual([
      { __typename: 'LabeledEvent', createdAt: '2026-11-02T09:00:00Z', label: { name: 'in progress' } },
      { __typename: 'UnlabeledEvent', createdAt: '2026-11-03T09:00:00Z', label: { name: 'in progress' } },
    ]);
    const stamps = Object.fromEntries(data.node.fieldValues.nodes.map((v) => [v.field?.name, v.updatedAt]));
    expect(stamps).toMatchObject({
      Status: '2026-11-02T11:00:00Z',
      Priority: '2026-11-02T10:00:00Z',
      Estimate: '2026-11-02T10:00:00Z',
    });
  });

  it("copies the seeded 'Web app' for another owner: the same columns, items and moves", async () => {
    await control(sim, '/_sim/orgs', { login: 'web-copy', members: ['octo-alice'] });
    const copy = await control<{ id: string; number: number }>(sim, '/_sim/seeded/web-app', {
      owner: 'web-copy',
    });
    expect(copy.number).toBe(1);
    const boards = await control<{ id: string; owner: string; title: string }[]>(
      sim,
      '/_sim/projects',
      undefined,
      'GET',
    );
    const seeded = boards.find((b) => b.owner === 'fluxion-labs' && b.title === 'Web app');
    type Board = { columns: string[]; items: { title: string; status: string | null }[] };
    const read = (id: string) => control<Board>(sim, `/_sim/projects/${id}`, undefined, 'GET');
    const [original, copied] = [await read(seeded?.id ?? ''), await read(copy.id)];
    expect(copied.columns).toEqual(['Todo', 'In Progress', 'QA', 'Done']);
    expect(copied.items).toHaveLength(20);
    expect(copied.items.map((i) => [i.title, i.status])).toEqual(
      original.items.map((i) => [i.title, i.status]),
    );
  });

  it('lets the control API build a board from scratch', async () => {
    await control(sim, '/_sim/users', { login: 'octo-carol' });
    await control(sim, '/_sim/orgs', { login: 'carol-co', members: ['octo-carol'] });
    const project = await control<{ id: string; columns: string[] }>(sim, '/_sim/projects', {
      owner: 'carol-co',
      title: 'Ops',
      columns: ['Todo', 'Doing', 'Done'],
    });
    const issue = await control<{ itemId: string }>(sim, '/_sim/issues', {
      repo: 'carol-co/ops',
      title: 'Page on-call',
      projectId: project.id,
      status: 'Todo',
    });
    await control(sim, `/_sim/items/${issue.itemId}/move`, { status: 'Doing' });
    const carol = gqlFor(
      sim,
      (await control<{ token: string }>(sim, '/_sim/tokens', { login: 'octo-carol' })).token,
    );
    const data = await carol<{ node: { items: { nodes: Item[] } } }>(
      'query($id: ID!) { node(id: $id) { ... on ProjectV2 { items(first: 10) { nodes { id type content { ... on Issue { title } } status: fieldValueByName(name: "Status") { ... on ProjectV2ItemFieldSingleSelectValue { name updatedAt } } } } } } }',
      { id: project.id },
    );
    expect(data.node.items.nodes).toMatchObject([
      { id: issue.itemId, content: { title: 'Page on-call' }, status: { name: 'Doing' } },
    ]);
  });
});
