import { sign } from '@octokit/webhooks-methods';
import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { forgetHostFeatures } from '../github/host-features.ts';
import { decodeItems, encodeItems } from '../move-log/item-snapshots.ts';
import { loadBoardItems } from '../move-log/items.ts';
import { dialectCases } from '../testing/databases.ts';
import { simControl } from '../testing/sim-control.ts';
import { trackedBoard } from '../testing/tracked-board.ts';

/**
 * The collector reads each issue's type, parent, sub-issue counts and blockers in the listings it makes
 * (issue 36, item 1), stores them with the item, and hands them to the engine as BoardItem's fields.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());
const DAY = 86_400_000;
const REPO = 'fluxion-labs/platform';

const control = <T>(path: string, body: unknown = {}) => simControl<T>(sim.url, path, body);
async function call(method: 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
}
const remove = (path: string) => call('DELETE', path);

type Made = { contentId: string; itemId: string | null; number: number };

/** A board of its own for each database: the cases run one after the other on one simulator. */
async function plannedBoard() {
  const now = sim.world.now();
  const board = await control<{ id: string }>('/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Planned work',
    columns: ['Todo', 'In Progress', 'Done'],
    at: new Date(now - 10 * DAY).toISOString(),
  });
  const issue = (title: string, status: string | null = 'In Progress') =>
    control<Made>('/_sim/issues', {
      title,
      repo: REPO,
      ...(status ? { projectId: board.id, status } : {}),
      actor: 'octo-bob',
      at: new Date(now - 2 * DAY).toISOString(),
    });
  const epic = await issue('Epic: checkout');
  const pay = await issue('Pay by card');
  const refund = await issue('Refund', 'Done');
  const offBoard = await issue('Receipts (not on the board)', null);
  for (const child of [pay, refund, offBoard])
    await control(`/_sim/issues/${epic.contentId}/sub-issues`, { subIssueId: child.contentId });
  await call('PATCH', `/_sim/issues/${refund.contentId}`, { state: 'CLOSED' });
  await control(`/_sim/issues/${epic.contentId}/type`, { type: 'Feature' });
  await control(`/_sim/issues/${pay.contentId}/type`, { type: 'Task' });
  const bug = await issue('Crash on pay');
  await control(`/_sim/issues/${bug.contentId}/type`, { type: 'Bug' });
  await control(`/_sim/issues/${bug.contentId}/blocked-by`, { blockingId: pay.contentId });
  await control(`/_sim/issues/${bug.contentId}/blocked-by`, { blockingId: refund.contentId });
  // Blocked by more issues than the 10 the listing once named (GitHub allows 50): every one is named.
  const many = await issue('Waits on many');
  for (let i = 1; i <= 12; i++) {
    const blocker = await issue(`Prerequisite ${i}`, null);
    await control(`/_sim/issues/${many.contentId}/blocked-by`, { blockingId: blocker.contentId });
  }
  const pr = await control<Made>('/_sim/issues', {
    title: 'Card form',
    repo: REPO,
    kind: 'PullRequest',
    projectId: board.id,
    status: 'In Progress',
  });

  return { board, epic, pay, refund, bug, pr };
}

describe.each(cases)('issue relations ($name)', async ({ create }) => {
  const { board, epic, pay, refund, bug, pr } = await plannedBoard();
  const database = await create();
  afterAll(() => database.drop());
  const bob = await trackedBoard(database, sim, board.id);
  const { app, ctx, clock } = bob;
  const items = async () => {
    const loaded = await loadBoardItems(ctx.db, bob.boardId, false);
    return new Map(loaded.items.map((i) => [i.title, i]));
  };
  const fullListing = async () => {
    clock.advance(2 * 3_600_000);
    await bob.fullListing();
  };
  forgetHostFeatures();
  await bob.collect();

  it("reads each issue's type, parent, sub-issue counts and blockers (open and closed)", async () => {
    const byTitle = await items();
    expect(byTitle.get('Epic: checkout')).toMatchObject({
      contentId: epic.contentId,
      issueType: 'Feature',
      parent: null,
      subIssues: { total: 3, completed: 1 },
      blockedBy: [],
    });
    expect(byTitle.get('Pay by card')).toMatchObject({
      issueType: 'Task',
      parent: {
        contentId: epic.contentId,
        number: epic.number,
        repository: REPO,
        title: 'Epic: checkout',
        url: `https://github.com/${REPO}/issues/${epic.number}`,
        closed: false,
      },
      subIssues: null,
    });
    expect(byTitle.get('Crash on pay')?.blockedBy?.map((b) => [b.title, b.closed])).toEqual([
      ['Pay by card', false],
      ['Refund', true],
    ]);
    expect(byTitle.get('Waits on many')?.blockedBy?.map((b) => b.title)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Prerequisite ${i + 1}`),
    );
    // A pull request has none of them, but its node id.
    const cardForm = byTitle.get('Card form');
    expect(cardForm?.contentId).toBe(pr.contentId);
    expect(cardForm?.parent).toBeUndefined();
    expect(cardForm?.issueType).toBeUndefined();
  });

  it('follows their changes in the next full listing, and keeps them in the item snapshot', async () => {
    await remove(`/_sim/issues/${epic.contentId}/sub-issues/${pay.contentId}`);
    await remove(`/_sim/issues/${bug.contentId}/blocked-by/${refund.contentId}`);
    await control(`/_sim/issues/${bug.contentId}/type`, { type: null });
    await fullListing();
    const byTitle = await items();
    expect(byTitle.get('Pay by card')?.parent).toBeNull();
    expect(byTitle.get('Epic: checkout')?.subIssues).toEqual({ total: 2, completed: 1 });
    expect(byTitle.get('Crash on pay')).toMatchObject({ issueType: null });
    expect(byTitle.get('Crash on pay')?.blockedBy?.map((b) => b.title)).toEqual(['Pay by card']);
    const all = [...byTitle.values()];
    expect(decodeItems(encodeItems(all))).toEqual(all);
  });

  it('a sub_issues webhook, late or twice, has the board listed in full at once, which reads the truth', async () => {
    const deliver = async (id: string, body: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/webhooks/github',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'sub_issues',
          'x-github-delivery': id,
          'x-hub-signature-256': await sign(ctx.config.github.webhookSecret ?? '', body),
        },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().status as string;
    };
    sim.webhooks.urls = ['http://127.0.0.1:9/'];
    const from = sim.webhooks.deliveries.length;
    await control(`/_sim/issues/${epic.contentId}/sub-issues`, { subIssueId: bug.contentId });
    await remove(`/_sim/issues/${epic.contentId}/sub-issues/${bug.contentId}`);
    await control(`/_sim/issues/${epic.contentId}/sub-issues`, { subIssueId: bug.contentId });
    sim.webhooks.urls = [];
    const sent = sim.webhooks.deliveries.slice(from).filter((d) => d.event === 'sub_issues');
    const added = sent.find((d) => d.action === 'sub_issue_added');
    const removed = sent.find((d) => d.action === 'sub_issue_removed');
    if (!added || !removed) throw new Error('no delivery');
    clock.advance(60_000);
    expect(await deliver(`a-${board.id}`, added.body)).toBe('full listing scheduled for 1 board(s)');
    expect(await deliver(`a-${board.id}`, added.body)).toBe('duplicate');
    // The removal, delivered late (after the second addition): the listing reads GitHub's state, a child.
    expect(await deliver(`r-${board.id}`, removed.body)).toBe('full listing scheduled for 1 board(s)');
    const due = await ctx.db
      .selectFrom('boards')
      .select(['next_sync_at', 'last_full_sync_at'])
      .where('id', '=', bob.boardId)
      .executeTakeFirstOrThrow();
    expect(Number(due.next_sync_at)).toBe(ctx.now());
    expect(due.last_full_sync_at).toBeNull();
    await bob.collect();
    expect((await items()).get('Crash on pay')?.parent?.contentId).toBe(epic.contentId);
    await remove(`/_sim/issues/${epic.contentId}/sub-issues/${bug.contentId}`);
  });

  it('on a host without issue types and dependencies (the published schema), lists without them and keeps parents', async () => {
    await control('/_sim/schema', { schema: 'published' });
    try {
      forgetHostFeatures();
      await control(`/_sim/issues/${epic.contentId}/sub-issues`, { subIssueId: pay.contentId });
      await fullListing();
      const byTitle = await items();
      expect(byTitle.get('Pay by card')?.parent?.contentId).toBe(epic.contentId);
      // Unknown there, not none: no type and no blockers are claimed.
      expect(byTitle.get('Crash on pay')?.blockedBy).toBeUndefined();
      expect(byTitle.get('Epic: checkout')?.issueType).toBeUndefined();
      await remove(`/_sim/issues/${epic.contentId}/sub-issues/${pay.contentId}`);
    } finally {
      await control('/_sim/schema', { schema: 'extended' });
      forgetHostFeatures();
    }
  });
});
