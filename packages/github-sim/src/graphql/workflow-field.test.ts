import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { control, gqlFor, startSim } from '../test/helpers.ts';

/** Boards whose workflow field has another name, other single-select fields, and lost timeline events. */
let sim: GithubSim;
let alice: ReturnType<typeof gqlFor>;

const FIELDS = `query($id: ID!) { node(id: $id) { ... on ProjectV2 {
  status: field(name: "Status") { ... on ProjectV2SingleSelectField { id } }
  fields(first: 50) { nodes { ... on ProjectV2SingleSelectField { id name options { id name } } } }
  views(first: 20) { nodes { layout verticalGroupByFields(first: 1) { nodes { ... on ProjectV2SingleSelectField { id name } } } } }
} } }`;
const TIMELINE = `query($id: ID!) { node(id: $id) { ... on Issue {
  timelineItems(first: 100, itemTypes: [PROJECT_V2_ITEM_STATUS_CHANGED_EVENT]) { nodes { __typename } } } } }`;
const VALUE = `query($id: ID!) { node(id: $id) { ... on ProjectV2Item {
  fieldValueByName(name: "Stage") { ... on ProjectV2ItemFieldSingleSelectValue { name optionId updatedAt } } } } }`;

type Field = { id?: string; name?: string; options?: { id: string; name: string }[] };
type Fields = {
  node: {
    status: { id: string } | null;
    fields: { nodes: Field[] };
    views: { nodes: { layout: string; verticalGroupByFields: { nodes: Field[] } }[] };
  };
};
type Timeline = { node: { timelineItems: { nodes: unknown[] } } };

const board = (body: Record<string, unknown>) =>
  control<{ id: string }>(sim, '/_sim/projects', { owner: 'fluxion-labs', ...body });
const issue = (projectId: string, status: string) =>
  control<{ contentId: string; itemId: string }>(sim, '/_sim/issues', {
    repo: 'fluxion-labs/platform',
    title: 'Work',
    projectId,
    status,
  });
const events = async (contentId: string) =>
  (await alice<Timeline>(TIMELINE, { id: contentId })).node.timelineItems.nodes.length;

beforeAll(async () => {
  sim = await startSim({ clock: 'manual' });
  alice = gqlFor(sim, sim.createToken('octo-alice'));
});
afterAll(() => sim.close());

describe('the workflow field', () => {
  it('has the name the board was created with: no field is named Status, and the board view groups by it', async () => {
    const { id } = await board({
      title: 'Staged',
      columns: ['Idea', 'Build', 'Shipped'],
      statusField: 'Stage',
      singleSelectFields: [{ name: 'Priority', options: ['High', 'Low'] }],
    });
    const { node } = await alice<Fields>(FIELDS, { id });
    expect(node.status).toBeNull();
    const singles = node.fields.nodes.filter((f) => f.name);
    expect(singles.map((f) => [f.name, f.options?.map((o) => o.name)])).toEqual([
      ['Stage', ['Idea', 'Build', 'Shipped']],
      ['Priority', ['High', 'Low']],
    ]);
    const boardView = node.views.nodes.find((v) => v.layout === 'BOARD_LAYOUT');
    expect(boardView?.verticalGroupByFields.nodes[0]?.name).toBe('Stage');
  });

  it('groups the board view by the field named in boardColumnField', async () => {
    const { id } = await board({
      title: 'Grouped by team',
      singleSelectFields: [{ name: 'Team', options: ['Web', 'API'] }],
      boardColumnField: 'Team',
    });
    const { node } = await alice<Fields>(FIELDS, { id });
    expect(node.status?.id).toBeTruthy();
    const boardView = node.views.nodes.find((v) => v.layout === 'BOARD_LAYOUT');
    expect(boardView?.verticalGroupByFields.nodes[0]?.name).toBe('Team');
  });

  it('writes no timeline event for moves in a field not named Status, and the value carries updatedAt', async () => {
    const { id } = await board({ title: 'Staged 2', columns: ['Idea', 'Build'], statusField: 'Stage' });
    const work = await issue(id, 'Idea');
    await control(sim, '/_sim/clock/advance', { minutes: 5 });
    const moved = await control<{ statusUpdatedAt: string }>(sim, `/_sim/items/${work.itemId}/move`, {
      status: 'Build',
    });
    expect(await events(work.contentId)).toBe(0);
    const value = await alice<{ node: { fieldValueByName: { name: string; updatedAt: string } } }>(VALUE, {
      id: work.itemId,
    });
    // GitHub's DateTime has whole seconds.
    const second = Math.floor(Date.parse(moved.statusUpdatedAt) / 1000) * 1000;
    expect(value.node.fieldValueByName.name).toBe('Build');
    expect(Date.parse(value.node.fieldValueByName.updatedAt)).toBe(second);
  });
});

describe('timelineEventLoss', () => {
  it('makes that share of Status moves write no event, and refuses values outside 0–1', async () => {
    const { id } = await board({ title: 'Lossy', columns: ['A', 'B'] });
    await control(sim, '/_sim/quirks', { timelineEventLoss: 0 });
    const work = await issue(id, 'A');
    expect(await events(work.contentId)).toBe(1);
    await control(sim, '/_sim/quirks', { timelineEventLoss: 0.7 });
    for (let i = 0; i < 10; i++)
      await control(sim, `/_sim/items/${work.itemId}/move`, { status: i % 2 === 0 ? 'B' : 'A' });
    expect(await events(work.contentId)).toBe(1 + 3);
    await control(sim, '/_sim/quirks', { timelineEventLoss: 1 });
    await control(sim, `/_sim/items/${work.itemId}/move`, { status: 'B' });
    expect(await events(work.contentId)).toBe(4);
    await control(sim, '/_sim/quirks', { timelineEventLoss: 0 });
    await control(sim, `/_sim/items/${work.itemId}/move`, { status: 'A' });
    expect(await events(work.contentId)).toBe(5);
    const refused = await fetch(`${sim.url}/_sim/quirks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timelineEventLoss: 1.5 }),
    });
    expect(refused.status).toBe(400);
  });
});

const ITEM = `query($id: ID!) { node(id: $id) { ... on ProjectV2Item { updatedAt
  fieldValueByName(name: "Status") { ... on ProjectV2ItemFieldSingleSelectValue { name updatedAt } } } } }`;
type Item = { node: { updatedAt: string; fieldValueByName: { name: string; updatedAt: string } } };

describe("timelineEventLoss by default: GitHub's", () => {
  it('keeps every event of moves before 24 Sep 2026, loses 7 of 10 after, and dates each value either way', async () => {
    const lossy = await startSim({ clock: 'manual', startAt: Date.UTC(2026, 8, 20, 9) });
    const reader = gqlFor(lossy, lossy.createToken('octo-alice'));
    try {
      const { id } = await control<{ id: string }>(lossy, '/_sim/projects', {
        owner: 'fluxion-labs',
        title: 'New board',
        columns: ['A', 'B'],
      });
      const work = await control<{ contentId: string; itemId: string }>(lossy, '/_sim/issues', {
        repo: 'fluxion-labs/platform',
        title: 'Work',
        projectId: id,
        status: 'A',
      });
      const count = async () =>
        (await reader<Timeline>(TIMELINE, { id: work.contentId })).node.timelineItems.nodes.length;
      const moveTen = async () => {
        for (let i = 0; i < 10; i++) {
          await control(lossy, '/_sim/clock/advance', { hours: 1 });
          const { now } = await control<{ now: string }>(lossy, '/_sim/clock', undefined, 'GET');
          await control(lossy, `/_sim/items/${work.itemId}/move`, { status: i % 2 === 0 ? 'B' : 'A' });
          const { node } = await reader<Item>(ITEM, { id: work.itemId });
          expect(node.fieldValueByName.name).toBe(i % 2 === 0 ? 'B' : 'A');
          expect(Date.parse(node.fieldValueByName.updatedAt)).toBe(Date.parse(now));
          expect(Date.parse(node.updatedAt)).toBe(Date.parse(now));
        }
      };
      await moveTen();
      expect(await count()).toBe(11);
      await control(lossy, '/_sim/clock', { to: '2026-09-24T00:00:00Z' });
      await moveTen();
      expect(await count()).toBe(11 + 3);
      const quirks = await control<{ timelineEventLoss: unknown }>(lossy, '/_sim/quirks', {
        timelineEventLoss: 'github',
      });
      expect(quirks.timelineEventLoss).toBe('github');
    } finally {
      await lossy.close();
    }
  });
});
