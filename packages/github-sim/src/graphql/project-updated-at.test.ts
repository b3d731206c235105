import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { control, gqlFor, rawGraphql, startSim } from '../test/helpers.ts';

/** ProjectV2.updatedAt (model/items.ts touchProject) and the content interfaces, in both schemas. */
let sim: GithubSim;
let alice: ReturnType<typeof gqlFor>;
let projectId: string;
let item: { contentId: string; itemId: string };

const UPDATED = `query($ids: [ID!]!) { nodes(ids: $ids) { ... on ProjectV2 { id updatedAt } } rateLimit { cost } }`;
const LISTING = (assignees: boolean) => `query($id: ID!) { node(id: $id) { ... on ProjectV2 {
  items(first: 100) { nodes { content { __typename
    ... on Labelable { labels(first: 20) { nodes { name } } }
    ${assignees ? '... on Assignable { assignees(first: 10) { nodes { login } } }' : ''} } } } } }
  rateLimit { cost } }`;

type Updated = { nodes: ({ id: string; updatedAt: string } | null)[]; rateLimit: { cost: number } };
const updatedAt = async () => (await alice<Updated>(UPDATED, { ids: [projectId] })).nodes[0]?.updatedAt;
const advance = (minutes: number) => control(sim, '/_sim/clock/advance', { minutes });

beforeAll(async () => {
  sim = await startSim({ clock: 'manual' });
  alice = gqlFor(sim, sim.createToken('octo-alice'));
  const project = await control<{ id: string }>(sim, '/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Watched',
    columns: ['Todo', 'Done'],
  });
  projectId = project.id;
  await advance(1);
  item = await control(sim, '/_sim/issues', {
    repo: 'fluxion-labs/platform',
    title: 'Watched issue',
    labels: ['bug'],
    assignees: ['octo-bob'],
    projectId,
    status: 'Todo',
  });
  await control(sim, '/_sim/issues', { repo: '', kind: 'DraftIssue', title: 'A draft', projectId });
});
afterAll(() => sim.close());

describe('ProjectV2.updatedAt', () => {
  it('moves with changes made on the board: items added, moved, archived, restored, removed', async () => {
    let added = '';
    const steps: (() => Promise<unknown>)[] = [
      () => control(sim, `/_sim/items/${item.itemId}/move`, { status: 'Done' }),
      () => control(sim, `/_sim/items/${item.itemId}/archive`),
      () => control(sim, `/_sim/items/${item.itemId}/restore`),
      async () => {
        const body = { repo: 'fluxion-labs/platform', title: 'Removed soon', projectId };
        added = (await control<{ itemId: string }>(sim, '/_sim/issues', body)).itemId;
      },
      () => control(sim, `/_sim/items/${added}`, undefined, 'DELETE'),
    ];
    for (const step of steps) {
      const before = await updatedAt();
      await advance(1);
      await step();
      expect(Date.parse((await updatedAt()) ?? '')).toBe(Date.parse(before ?? '') + 60_000);
    }
  });

  it('stays when the issue itself is edited in its repository', async () => {
    const before = await updatedAt();
    await advance(1);
    await control(sim, `/_sim/issues/${item.contentId}`, { title: 'Renamed', labels: ['docs'] }, 'PATCH');
    expect(await updatedAt()).toBe(before);
  });

  it('answers an id it cannot resolve with null and a NOT_FOUND error at its place, the others alongside', async () => {
    const query = `query($ids: [ID!]!) { nodes(ids: $ids) { ... on ProjectV2 { id } } }`;
    const ids = ['PVT_gone', projectId];
    const { body } = await rawGraphql(sim, query, sim.createToken('octo-alice'), { ids });
    expect(body.data).toEqual({ nodes: [null, { id: projectId }] });
    expect(body.errors).toEqual([
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['nodes', 0],
        message: "Could not resolve to a node with the global id of 'PVT_gone'.",
      }),
    ]);
  });

  it('costs one point for many boards asked at once', async () => {
    const ids = Array.from({ length: 20 }, () => projectId);
    expect((await alice<Updated>(UPDATED, { ids })).rateLimit.cost).toBe(1);
  });
});

describe.each(['extended', 'published'] as const)('Labelable and Assignable (%s schema)', (schema) => {
  beforeAll(() => control(sim, '/_sim/schema', { schema }));

  it('are interfaces of issues and pull requests, asked once for every content type', async () => {
    type Data = {
      node: {
        items: { nodes: { content: { __typename: string; labels?: unknown; assignees?: unknown } }[] };
      };
      rateLimit: { cost: number };
    };
    const data = await alice<Data>(LISTING(true), { id: projectId });
    const issue = data.node.items.nodes.find((n) => n.content.__typename === 'Issue')?.content;
    expect(issue).toMatchObject({
      labels: { nodes: [{ name: 'docs' }] },
      assignees: { nodes: [{ login: 'octo-bob' }] },
    });
    const draft = data.node.items.nodes.find((n) => n.content.__typename === 'DraftIssue')?.content;
    expect(draft).toEqual({ __typename: 'DraftIssue' });
    // 1 + 100 + 100 requests: 2 points; without assignees 101: 1 point.
    expect(data.rateLimit.cost).toBe(2);
    expect((await alice<Data>(LISTING(false), { id: projectId })).rateLimit.cost).toBe(1);
  });

  it('DraftIssue is neither (as in the published schema): a fragment on it for labels is refused', async () => {
    const query = `{ node(id: "${projectId}") { ... on ProjectV2 { items(first: 1) { nodes { content {
      ... on DraftIssue { labels(first: 1) { nodes { name } } } } } } } } }`;
    const { body } = await rawGraphql(sim, query, sim.createToken('octo-alice'));
    expect(body.errors).toEqual([
      expect.objectContaining({ message: "Field 'labels' doesn't exist on type 'DraftIssue'" }),
    ]);
  });
});
