import { DEMO_PROJECT_ID, type GithubSim, startGithubSim } from '@fluxion/github-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGithubClient } from './client.ts';
import { GithubAuthError, GithubError, GithubNotFoundError, GithubRateLimitError } from './errors.ts';

let sim: GithubSim;
let client: ReturnType<typeof createGithubClient>;

async function control<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

async function fault(body: Record<string, unknown>): Promise<void> {
  await fetch(`${sim.url}/_sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  sim = await startGithubSim({ port: 0 });
  client = createGithubClient({ apiUrl: sim.url, token: sim.createToken('octo-alice') });
});
afterAll(() => sim.close());

describe('GitHub client against the simulator', () => {
  it('reads the viewer, the REST user and the owners', async () => {
    expect(await client.getViewer()).toMatchObject({ login: 'octo-alice', id: expect.stringMatching(/^U_/) });
    expect(await client.getAuthenticatedUser()).toMatchObject({
      login: 'octo-alice',
      id: expect.any(Number),
    });
    expect((await client.listOwners()).map((o) => [o.login, o.type])).toEqual([
      ['octo-alice', 'User'],
      ['fluxion-labs', 'Organization'],
    ]);
  });

  it("lists projects of an organization, of a user, and the viewer's own", async () => {
    expect((await client.listProjects('fluxion-labs')).map((p) => p.title)).toEqual([
      'Platform roadmap',
      'Web app',
    ]);
    expect((await client.listProjects('octo-alice')).map((p) => p.owner)).toEqual([
      { login: 'octo-alice', type: 'User' },
    ]);
    expect((await client.listProjects()).map((p) => p.number)).toEqual([1]);
    await expect(client.listProjects('no-such-owner')).rejects.toBeInstanceOf(GithubNotFoundError);
  });

  it("reads boards' updatedAt in one question; a board it cannot resolve is left out, not an error", async () => {
    const versions = await client.boardVersions([DEMO_PROJECT_ID, 'PVT_deleted']);
    expect([...versions.keys()]).toEqual([DEMO_PROJECT_ID]);
    expect(versions.get(DEMO_PROJECT_ID)).toMatch(/^\d{4}-\d\d-\d\dT/);
    await expect(client.boardVersions(['PVT_deleted'])).resolves.toEqual(new Map());
  });

  it("reads a board's columns in order and every item once", async () => {
    expect((await client.getProjectColumns(DEMO_PROJECT_ID)).map((c) => c.name)).toEqual([
      'Backlog',
      'Ready',
      'In Progress',
      'Blocked',
      'In Review',
      'Done',
    ]);
    const items = await client.listProjectItems(DEMO_PROJECT_ID);
    expect(items.length).toBeGreaterThanOrEqual(180);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    const first = items.find((i) => i.status);
    expect(first).toMatchObject({
      type: 'ISSUE',
      content: { number: expect.any(Number), url: expect.any(String) },
      statusUpdatedAt: expect.any(String),
    });
    const recent = await client.listProjectItems(DEMO_PROJECT_ID, { updatedSinceDays: 3 });
    expect(recent.length).toBeLessThan(items.length);
    expect(client.rateLimit()).toMatchObject({
      resource: 'graphql',
      limit: 5000,
      remaining: expect.any(Number),
    });
    await expect(client.getProjectColumns('PVT_nope')).rejects.toBeInstanceOf(GithubNotFoundError);
  });

  it('backfills status history from issue timelines', async () => {
    const histories = await client.getStatusHistory({ projectId: DEMO_PROJECT_ID });
    expect(histories.length).toBeGreaterThanOrEqual(180);
    const one = histories.find((h) => h.changes.length > 2);
    expect(one?.changes[0]).toMatchObject({ from: null, to: expect.any(String) });
    const single = await client.getStatusHistory({
      projectId: DEMO_PROJECT_ID,
      contentId: one?.contentId ?? '',
    });
    expect(single[0]?.changes).toEqual(one?.changes);
  });

  it("reads an issue's whole timeline, past its first page of 100 events", async () => {
    await control('/_sim/quirks', { timelineEventLoss: 0 }); // every move writes its event, for the count
    const project = await control<{ id: string }>('/_sim/projects', {
      owner: 'fluxion-labs',
      title: 'Long history',
      columns: ['Todo', 'Doing'],
    });
    const issue = await control<{ contentId: string; itemId: string }>('/_sim/issues', {
      repo: 'fluxion-labs/platform',
      title: 'Back and forth',
      projectId: project.id,
      status: 'Todo',
    });
    const columns = Array.from({ length: 130 }, (_, i) => (i % 2 === 0 ? 'Doing' : 'Todo'));
    for (const status of columns) await control(`/_sim/items/${issue.itemId}/move`, { status });
    const [one] = await client.getStatusHistory({ projectId: project.id, contentId: issue.contentId });
    expect(one?.changes.map((c) => c.to)).toEqual(['Todo', ...columns]);
    const board = await client.getStatusHistory({ projectId: project.id });
    expect(board.map((h) => h.changes.length)).toEqual([131]);
  });

  it("reads an issue's linked pull requests from its timeline, as GitHub keeps them", async () => {
    const project = await control<{ id: string }>('/_sim/projects', {
      owner: 'fluxion-labs',
      title: 'Linked pull requests',
      columns: ['Todo', 'Doing', 'Done'],
    });
    const issue = await control<{ contentId: string }>('/_sim/issues', {
      repo: 'fluxion-labs/platform',
      title: 'Fix the login',
      projectId: project.id,
      status: 'Todo',
      at: '2026-01-01T00:00:00Z',
    });
    const link = (body: Record<string, unknown>) =>
      control<{ contentId: string }>(`/_sim/issues/${issue.contentId}/pull-requests`, body);
    // A Development link (closes on merge), a "Fixes #n" mention, and a mention that does not close it.
    const linked = await link({ at: '2026-01-02T00:00:00Z', how: 'connected' });
    await link({ at: '2026-01-03T00:00:00Z', how: 'reference', closes: true });
    await link({ at: '2026-01-04T00:00:00Z', how: 'reference', closes: false });
    await fetch(`${sim.url}/_sim/issues/${linked.contentId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'MERGED', at: '2026-01-05T00:00:00Z' }),
    });
    const [history] = await client.getStatusHistory({ projectId: project.id, contentId: issue.contentId });
    expect(history?.pullRequests).toEqual([
      { openedAt: '2026-01-02T00:00:00Z', mergedAt: '2026-01-05T00:00:00Z', closes: true },
      { openedAt: '2026-01-03T00:00:00Z', mergedAt: null, closes: true },
      { openedAt: '2026-01-04T00:00:00Z', mergedAt: null, closes: false },
    ]);
    // The merge closed the issue: its ClosedEvent, the closer the merged pull request.
    expect(history?.closed).toEqual(['2026-01-05T00:00:00Z']);
    const board = await client.getStatusHistory({ projectId: project.id });
    expect(board[0]?.pullRequests).toEqual(history?.pullRequests);
  });

  it('retries a GitHub it cannot reach, then says so', async () => {
    const gone = createGithubClient({
      apiUrl: 'http://127.0.0.1:9',
      token: 'gho_x',
      retries: 2,
      retryDelayScale: 0,
    });
    const error = await gone.getViewer().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GithubError);
    expect((error as Error).message).toMatch(/GitHub kept failing/);
  });

  it('tells whether the token may read a repository: 404 is no, a bad token throws', async () => {
    expect(await client.canReadRepository('fluxion-labs/platform')).toBe(true);
    expect(await client.canReadRepository('fluxion-labs/secret-infra')).toBe(false);
    // Bob may see it, but a classic token reads a private repository only with `repo` (as GitHub).
    const bob = (scopes?: string[]) =>
      createGithubClient({ apiUrl: sim.url, token: sim.createToken('octo-bob', scopes) });
    expect(
      await bob(['read:org', 'read:project', 'repo']).canReadRepository('fluxion-labs/secret-infra'),
    ).toBe(true);
    expect(await bob().canReadRepository('fluxion-labs/secret-infra')).toBe(false);
    const revoked = createGithubClient({ apiUrl: sim.url, token: 'gho_revoked', retries: 0 });
    await expect(revoked.canReadRepository('fluxion-labs/platform')).rejects.toBeInstanceOf(GithubAuthError);
  });

  it('retries through 5xx answers and a secondary rate limit with retry-after', async () => {
    await fault({ type: '5xx', count: 2, scope: 'graphql' });
    expect((await client.getViewer()).login).toBe('octo-alice');
    await fault({ type: 'secondary-rate-limit', retryAfter: 1, count: 1 });
    const started = Date.now();
    expect((await client.getViewer()).login).toBe('octo-alice');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('gives up with typed errors: long retry-after, spent budget, bad token', async () => {
    await fault({ type: 'secondary-rate-limit', retryAfter: 3600, count: 1 });
    await expect(client.getViewer()).rejects.toBeInstanceOf(GithubRateLimitError);
    await fetch(`${sim.url}/_sim/rate-limit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'octo-alice', remaining: 0 }),
    });
    await expect(client.getViewer()).rejects.toBeInstanceOf(GithubRateLimitError);
    const stranger = createGithubClient({ apiUrl: sim.url, token: 'gho_wrong' });
    await expect(stranger.getViewer()).rejects.toBeInstanceOf(GithubAuthError);
  });
});

describe('GitHub client: every wait is bounded', () => {
  // Octo-bob's calls only: the faults leave the other tests' calls (octo-alice's) alone.
  const bob = (options: Partial<Parameters<typeof createGithubClient>[0]>) =>
    createGithubClient({ apiUrl: sim.url, token: sim.createToken('octo-bob'), ...options });
  const timed = async (call: () => Promise<unknown>) => {
    const started = Date.now();
    const error = await call().then(
      () => null,
      (e: unknown) => e,
    );
    return { error, ms: Date.now() - started };
  };

  it('an answer that never comes fails the call after its timeout, retries included', async () => {
    await fault({ type: 'slow', delayMs: 3_000, count: 2, accounts: ['octo-bob'] });
    const { error, ms } = await timed(() =>
      bob({ callTimeoutMs: 300, retries: 1, retryDelayScale: 0 }).getViewer(),
    );
    expect(error).toBeInstanceOf(GithubError);
    expect(ms).toBeLessThan(2_000);
  });

  it("a request's deadline ends its calls, retries and waits, whatever the retry settings", async () => {
    await fault({ type: 'slow', delayMs: 3_000, count: 6, accounts: ['octo-bob'] });
    const hung = await timed(() => bob({ deadlineMs: 800, retries: 4 }).getViewer());
    expect(hung.error).toBeInstanceOf(GithubError);
    expect(hung.ms).toBeLessThan(2_500);
    await fetch(`${sim.url}/_sim/faults`, { method: 'DELETE' });

    // A secondary limit's retry-after (2 s) that would end past the deadline is not waited for.
    await fault({ type: 'secondary-rate-limit', retryAfter: 2, count: 1, accounts: ['octo-bob'] });
    const limited = await timed(() => bob({ deadlineMs: 1_000 }).getViewer());
    expect(limited.error).toBeInstanceOf(GithubRateLimitError);
    expect(limited.ms).toBeLessThan(1_000);
    // Within the deadline it still is.
    await fault({ type: 'secondary-rate-limit', retryAfter: 1, count: 1, accounts: ['octo-bob'] });
    const waited = await timed(() => bob({ deadlineMs: 5_000 }).getViewer());
    expect(waited.error).toBeNull();
    expect(waited.ms).toBeGreaterThanOrEqual(900);
  });
});
