import type { GraphqlResponseError } from '@octokit/graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { DEMO_PROJECT_ID } from '../index.ts';
import { control, gqlFor, rawGraphql, startSim } from '../test/helpers.ts';

const FILTERED = `query($id: ID!) { node(id: $id) { ... on ProjectV2 {
  items(first: 5, query: "last-updated:1days") { nodes { id } } } } }`;
const TIMELINE = `query($id: ID!) { node(id: $id) { ... on ProjectV2 { items(first: 5) { nodes { content {
  ... on Issue { timelineItems(first: 5, itemTypes: [PROJECT_V2_ITEM_STATUS_CHANGED_EVENT]) {
    nodes { ... on ProjectV2ItemStatusChangedEvent { status } } } } } } } } } }`;
const FRAGMENT_ONLY = `query($id: ID!) { node(id: $id) { ... on ProjectV2 { items(first: 5) { nodes { content {
  ... on Issue { timelineItems(first: 5) { nodes { __typename ... on AddedToProjectV2Event { createdAt } } } } } } } } } }`;

let sim: GithubSim;
let bob: ReturnType<typeof gqlFor>;

beforeAll(async () => {
  sim = await startSim({ schema: 'published' });
  bob = gqlFor(sim, sim.createToken('octo-bob'));
});
afterAll(() => sim.close());

const firstError = (query: string) =>
  bob(query, { id: DEMO_PROJECT_ID }).then(
    () => null,
    (e: unknown) => (e as GraphqlResponseError<unknown>).errors?.[0],
  );

describe('the published @octokit/graphql-schema, served exactly', () => {
  it('refuses the items query argument the way GitHub words it, without data', async () => {
    expect(await firstError(FILTERED)).toMatchObject({
      message: "Field 'items' doesn't accept argument 'query'",
      extensions: { code: 'argumentNotAccepted', argumentName: 'query' },
    });
    const literal = FILTERED.replace('query($id: ID!)', 'query').replace(
      '$id',
      JSON.stringify(DEMO_PROJECT_ID),
    );
    const { body } = await rawGraphql(sim, literal, sim.createToken('octo-bob'));
    expect(body).not.toHaveProperty('data');
  });

  it('refuses the Projects (v2) timeline events and their types', async () => {
    expect(await firstError(TIMELINE)).toBeDefined();
    expect(await firstError(FRAGMENT_ONLY)).toMatchObject({
      message: "No such type AddedToProjectV2Event, so it can't be a fragment condition",
      extensions: { code: 'undefinedType' },
    });
  });

  it('switches at run time through /_sim/schema and refuses an unknown variant', async () => {
    expect(await control(sim, '/_sim/schema', undefined, 'GET')).toEqual({ schema: 'published' });
    expect(await control(sim, '/_sim/schema', { schema: 'extended' })).toEqual({ schema: 'extended' });
    expect(await firstError(FILTERED)).toBeNull();
    expect(await firstError(TIMELINE)).toBeNull();
    await expect(control(sim, '/_sim/schema', { schema: 'ghes-2.0' })).rejects.toThrow(/400/);
    await control(sim, '/_sim/schema', { schema: 'published' });
    expect(await firstError(FILTERED)).toBeDefined();
  });
});
