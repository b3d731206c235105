import { GraphqlResponseError } from '@octokit/graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { DEMO_PROJECT_ID } from '../index.ts';
import { gqlFor, rawGraphql, startSim } from '../test/helpers.ts';

let sim: GithubSim;
let alice: ReturnType<typeof gqlFor>;

beforeAll(async () => {
  sim = await startSim();
  alice = gqlFor(sim, sim.createToken('octo-alice'));
});
afterAll(() => sim.close());

type ItemsPage = {
  node: {
    items: {
      totalCount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string };
      nodes: { id: string }[];
    };
  };
};
const ITEMS = `query($id: ID!, $after: String, $n: Int!) { node(id: $id) { ... on ProjectV2 {
  items(first: $n, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { id } } } } }`;

describe("GraphQL against GitHub's schema", () => {
  it('answers the viewer, its organizations and projects', async () => {
    const data = await alice<{ viewer: { login: string; organizations: { nodes: { login: string }[] } } }>(
      '{ viewer { login organizations(first: 10) { nodes { login } } } }',
    );
    expect(data.viewer.login).toBe('octo-alice');
    expect(data.viewer.organizations.nodes.map((o) => o.login)).toEqual(['fluxion-labs']);
  });

  it("rejects a field that GitHub's schema lacks with a validation error", async () => {
    const error = await alice('{ viewer { login favouriteColour } }').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphqlResponseError);
    expect((error as GraphqlResponseError<unknown>).errors?.[0]).toMatchObject({
      message: "Field 'favouriteColour' doesn't exist on type 'User'",
      extensions: { code: 'undefinedField' },
    });
  });

  it.each([7, 100])('returns every item exactly once with pages of %i', async (n) => {
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const data: ItemsPage = await alice<ItemsPage>(ITEMS, { id: DEMO_PROJECT_ID, after, n });
      seen.push(...data.node.items.nodes.map((i) => i.id));
      if (!data.node.items.pageInfo.hasNextPage) break;
      after = data.node.items.pageInfo.endCursor;
    }
    expect(seen.length).toBeGreaterThanOrEqual(180);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses more than 100 items a page and connections without first/last', async () => {
    const over = await alice(ITEMS, { id: DEMO_PROJECT_ID, n: 101 }).catch(
      (e: GraphqlResponseError<unknown>) => e.errors?.[0],
    );
    expect(over).toMatchObject({ type: 'EXCESSIVE_PAGINATION' });
    const none = await alice('{ viewer { projectsV2 { totalCount } } }').catch(
      (e: GraphqlResponseError<unknown>) => e.errors?.[0],
    );
    expect(none).toMatchObject({ type: 'MISSING_PAGINATION_BOUNDARIES' });
  });

  it('refuses a cursor it did not hand out, an empty one too, instead of starting over', async () => {
    for (const after of ['garbage', '']) {
      const error = await alice(ITEMS, { id: DEMO_PROJECT_ID, n: 5, after }).catch(
        (e: GraphqlResponseError<unknown>) => e.errors?.[0],
      );
      expect(error).toMatchObject({
        type: 'INVALID_CURSOR_ARGUMENTS',
        message: '`after` does not appear to be a valid cursor.',
        path: ['node', 'items'],
      });
    }
  });

  it('answers 401 without a token or with a wrong one', async () => {
    expect((await rawGraphql(sim, '{ viewer { login } }')).status).toBe(401);
    const wrong = await rawGraphql(sim, '{ viewer { login } }', 'gho_nope');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Bad credentials');
  });

  it('needs read:project for projects', async () => {
    const noScope = gqlFor(sim, sim.createToken('octo-alice', ['read:org']));
    const error = await noScope('{ viewer { projectsV2(first: 5) { totalCount } } }').catch(
      (e: GraphqlResponseError<unknown>) => e.errors?.[0],
    );
    expect(error).toMatchObject({ type: 'INSUFFICIENT_SCOPES' });
  });

  it('says NOT_FOUND for unknown owners and project numbers', async () => {
    const error = await alice(
      '{ organization(login: "fluxion-labs") { projectV2(number: 99) { id } } }',
    ).catch((e: GraphqlResponseError<unknown>) => e.errors?.[0]);
    expect(error).toMatchObject({ type: 'NOT_FOUND', path: ['organization', 'projectV2'] });
  });

  it('prices queries in GitHub points and reports the budget', async () => {
    const { status, headers, body } = await rawGraphql(
      sim,
      '{ organization(login: "fluxion-demo") { projectV2(number: 1) { items(first: 100) { nodes { id content { ... on Issue { labels(first: 10) { totalCount } } } } } } } rateLimit { cost limit remaining nodeCount } }',
      sim.createToken('octo-bob'),
    );
    expect(status).toBe(200);
    const rate = (
      body.data as { rateLimit: { cost: number; limit: number; remaining: number; nodeCount: number } }
    ).rateLimit;
    expect(rate).toMatchObject({ cost: 1, limit: 5000, remaining: 4999, nodeCount: 1100 });
    expect(headers.get('x-ratelimit-remaining')).toBe('4999');
  });
});
