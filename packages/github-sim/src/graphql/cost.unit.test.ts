import { getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { analyzeCost } from './cost.ts';
import { githubSchema } from './schema.ts';

function price(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const operation = getOperationAST(document);
  if (!operation) throw new Error('no operation');
  return analyzeCost(githubSchema('published'), document, operation, variables);
}

// The examples of GitHub's "Rate limits and query limits for the GraphQL API", with their published sums.
describe("GitHub's node limit and point cost, as its documentation computes them", () => {
  it('counts 550 nodes for 50 repositories of 10 issues each', () => {
    const result = price(`{ viewer { repositories(first: 50) { edges { repository: node { name
      issues(first: 10) { totalCount edges { node { title bodyHTML } } } } } } } }`);
    expect(result).toMatchObject({ nodeCount: 550, errors: [] });
  });

  it('counts 22,160 nodes for the complex example', () => {
    const result = price(`{ viewer {
      repositories(first: 50) { edges { repository: node { name
        pullRequests(first: 20) { edges { pullRequest: node { title comments(first: 10) { edges { comment: node { bodyHTML } } } } } }
        issues(first: 20) { totalCount edges { issue: node { title bodyHTML comments(first: 10) { edges { comment: node { bodyHTML } } } } } } } } }
      followers(first: 10) { edges { follower: node { login following(first: 5) { edges { following: node { login } } } } } } } }`);
    expect(result).toMatchObject({ nodeCount: 22_110, errors: [] });
  });

  it('prices 5,101 requests at 51 points', () => {
    const result = price(`{ viewer { login repositories(first: 100) { edges { node { id
      issues(first: 50) { edges { node { id labels(first: 60) { edges { node { id name } } } } } } } } } } }`);
    expect(result).toMatchObject({ cost: 51, nodeCount: 305_100, errors: [] });
  });

  it('refuses a query that may return more than 500,000 nodes, before it runs', () => {
    const result = price(
      `query($n: Int!) { viewer { repositories(first: 100) { nodes {
      pullRequests(first: $n) { nodes { labels(first: 100) { nodes { name } } } } } } } }`,
      { n: 51 },
    );
    expect(result.nodeCount).toBe(100 + 5_100 + 510_000);
    expect(result.errors.map((e) => ({ type: e.type, message: e.message }))).toEqual([
      {
        type: 'MAX_NODE_LIMIT_EXCEEDED',
        message:
          'This query requests up to 515,200 possible nodes which exceeds the maximum limit of 500,000.',
      },
    ]);
    expect(
      price(`{ viewer { repositories(first: 100) { nodes {
      pullRequests(first: 49) { nodes { labels(first: 100) { nodes { name } } } } } } } }`).errors,
    ).toEqual([]);
  });
});
