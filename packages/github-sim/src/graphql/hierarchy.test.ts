import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { control, gqlFor, rawGraphql, startSim } from '../test/helpers.ts';

/**
 * Sub-issues, issue types and dependencies as GitHub serves them in GraphQL, with GitHub's limits (errors,
 * 422) on the control API that makes them.
 */
let sim: GithubSim;
let alice: ReturnType<typeof gqlFor>;

const RELATIONS = `query($id: ID!) { node(id: $id) { ... on Issue {
  number issueType { name color isEnabled }
  parent { id number title url closed repository { nameWithOwner } }
  subIssuesSummary { total completed percentCompleted }
  subIssues(first: 10) { totalCount nodes { number } }
  issueDependenciesSummary { blockedBy totalBlockedBy blocking totalBlocking }
  blockedBy(first: 5) { totalCount nodes { number closed } }
  blocking(first: 5) { totalCount nodes { number } }
} } }`;

type Relations = {
  number: number;
  issueType: { name: string; color: string; isEnabled: boolean } | null;
  parent: { id: string; number: number; closed: boolean; repository: { nameWithOwner: string } } | null;
  subIssuesSummary: { total: number; completed: number; percentCompleted: number };
  subIssues: { totalCount: number; nodes: { number: number }[] };
  issueDependenciesSummary: {
    blockedBy: number;
    totalBlockedBy: number;
    blocking: number;
    totalBlocking: number;
  };
  blockedBy: { totalCount: number; nodes: { number: number; closed: boolean }[] };
  blocking: { totalCount: number; nodes: { number: number }[] };
};
const relations = async (id: string) => (await alice<{ node: Relations }>(RELATIONS, { id })).node;

const issue = async (title: string, repo = 'fluxion-labs/platform') =>
  (await control<{ contentId: string; number: number }>(sim, '/_sim/issues', { repo, title })).contentId;

async function refused(
  path: string,
  body?: unknown,
  method = 'POST',
): Promise<{ status: number; message: string }> {
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

beforeAll(async () => {
  sim = await startSim({ clock: 'manual' });
  alice = gqlFor(sim, sim.createToken('octo-alice'));
});
afterAll(async () => {
  await sim.close();
});

describe('sub-issues', () => {
  it('a parent counts its children and their completion; each child names its parent', async () => {
    const epic = await issue('Epic');
    const [a, b, c] = [await issue('A'), await issue('B'), await issue('C')];
    for (const child of [a, b, c])
      await control(sim, `/_sim/issues/${epic}/sub-issues`, { subIssueId: child });
    await control(sim, `/_sim/issues/${b}`, { state: 'CLOSED' }, 'PATCH');
    const parent = await relations(epic);
    expect(parent.subIssuesSummary).toEqual({ total: 3, completed: 1, percentCompleted: 33 });
    expect(parent.subIssues.nodes).toHaveLength(3);
    const child = await relations(a);
    expect(child.parent).toMatchObject({
      id: epic,
      closed: false,
      repository: { nameWithOwner: 'fluxion-labs/platform' },
    });
    await control(sim, `/_sim/issues/${epic}/sub-issues/${a}`, undefined, 'DELETE');
    expect((await relations(a)).parent).toBeNull();
    expect((await relations(epic)).subIssuesSummary.total).toBe(2);
  });

  it('refuses what GitHub refuses: a second parent, itself, a cycle, the 101st child, a ninth level', async () => {
    const top = await issue('Top');
    const child = await issue('Child');
    const other = await issue('Other');
    await control(sim, `/_sim/issues/${top}/sub-issues`, { subIssueId: child });
    expect((await refused(`/_sim/issues/${other}/sub-issues`, { subIssueId: child })).status).toBe(422);
    await control(sim, `/_sim/issues/${other}/sub-issues`, { subIssueId: child, replaceParent: true });
    expect((await relations(child)).parent?.id).toBe(other);
    expect((await relations(top)).subIssuesSummary.total).toBe(0);
    expect((await refused(`/_sim/issues/${top}/sub-issues`, { subIssueId: top })).status).toBe(422);
    expect((await refused(`/_sim/issues/${child}/sub-issues`, { subIssueId: other })).status).toBe(422);

    const full = await issue('Full');
    for (let i = 0; i < 100; i++)
      await control(sim, `/_sim/issues/${full}/sub-issues`, { subIssueId: await issue(`Part ${i}`) });
    const extra = await refused(`/_sim/issues/${full}/sub-issues`, { subIssueId: await issue('Part 101') });
    expect(extra).toEqual({ status: 422, message: 'Parent cannot have more than 100 sub-issues.' });

    let chain = await issue('Level 0');
    for (let level = 1; level <= 8; level++) {
      const next = await issue(`Level ${level}`);
      await control(sim, `/_sim/issues/${chain}/sub-issues`, { subIssueId: next });
      chain = next;
    }
    const ninth = await refused(`/_sim/issues/${chain}/sub-issues`, { subIssueId: await issue('Level 9') });
    expect(ninth).toEqual({ status: 422, message: 'Sub-issues cannot be nested more than 8 levels deep.' });
  });
});

describe('issue types', () => {
  it("an organization has GitHub's three types until it adds its own; an issue takes one of them", async () => {
    const types = await control<{ name: string; is_enabled: boolean }[]>(
      sim,
      '/_sim/orgs/fluxion-labs/issue-types',
      undefined,
      'GET',
    );
    expect(types.map((t) => t.name)).toEqual(['Task', 'Bug', 'Feature']);
    await control(sim, '/_sim/orgs/fluxion-labs/issue-types', { name: 'Epic', color: 'purple' });
    const epic = await issue('Typed');
    await control(sim, `/_sim/issues/${epic}/type`, { type: 'Epic' });
    expect((await relations(epic)).issueType).toEqual({ name: 'Epic', color: 'PURPLE', isEnabled: true });
    expect((await refused(`/_sim/issues/${epic}/type`, { type: 'Chore' })).status).toBe(422);
    expect((await refused('/_sim/orgs/fluxion-labs/issue-types', { name: 'bug' })).status).toBe(422);
  });

  it('the published schema has no issueType: a host without it rejects the query', async () => {
    const published = await startSim({ clock: 'manual', schema: 'published' });
    try {
      const { body } = await rawGraphql(
        published,
        '{ viewer { login } node(id: "x") { ... on Issue { issueType { name } } } }',
        published.createToken('octo-alice'),
      );
      expect(JSON.stringify(body.errors)).toContain("Field 'issueType' doesn't exist on type 'Issue'");
    } finally {
      await published.close();
    }
  });
});

describe('issue dependencies', () => {
  it('blocked by and blocking, with summaries counting the open ones apart from all', async () => {
    const work = await issue('Work');
    const first = await issue('First blocker');
    const second = await issue('Second blocker');
    await control(sim, `/_sim/issues/${work}/blocked-by`, { blockingId: first });
    await control(sim, `/_sim/issues/${work}/blocked-by`, { blockingId: second });
    await control(sim, `/_sim/issues/${first}`, { state: 'CLOSED' }, 'PATCH');
    const blocked = await relations(work);
    expect(blocked.issueDependenciesSummary).toEqual({
      blockedBy: 1,
      totalBlockedBy: 2,
      blocking: 0,
      totalBlocking: 0,
    });
    expect(blocked.blockedBy.nodes.map((n) => n.closed)).toEqual([true, false]);
    expect((await relations(second)).blocking.totalCount).toBe(1);
    expect((await refused(`/_sim/issues/${work}/blocked-by`, { blockingId: second })).status).toBe(422);
    expect((await refused(`/_sim/issues/${work}/blocked-by`, { blockingId: work })).status).toBe(422);
    await control(sim, `/_sim/issues/${work}/blocked-by/${second}`, undefined, 'DELETE');
    expect((await relations(work)).issueDependenciesSummary.totalBlockedBy).toBe(1);
  });

  it('an issue is blocked by at most 50 issues', async () => {
    const work = await issue('Much blocked');
    for (let i = 0; i < 50; i++)
      await control(sim, `/_sim/issues/${work}/blocked-by`, { blockingId: await issue(`Blocker ${i}`) });
    const extra = await refused(`/_sim/issues/${work}/blocked-by`, { blockingId: await issue('Blocker 51') });
    expect(extra).toEqual({ status: 422, message: 'An issue can be blocked by at most 50 issues.' });
  });
});
