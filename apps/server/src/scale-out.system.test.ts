import { createHmac, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { signatureHeader } from '@fluxion/stripe-sim';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, isPostgresReachable, type TestDatabase } from './testing/databases.ts';
import { type Cluster, startCluster, TIMING } from './testing/scale-out/cluster.ts';
import {
  api,
  postWebhook,
  type Session,
  signInAcrossReplicas,
  simControl,
} from './testing/scale-out/http.ts';
import { type Child, kill, killEveryChild, stop, waitFor } from './testing/scale-out/processes.ts';

/**
 * The scale-out claim of docs/operations.md, with real processes: a GitHub and a Stripe simulator, two API
 * replicas (COLLECTOR=off) started together on an empty PostgreSQL database, and collector workers, each
 * the real entry point configured by environment variables, spoken to over HTTP only.
 */
const DAY = 24 * 60 * 60_000;
const COLUMNS = ['Todo', 'In Progress', 'In Review', 'Done'];
const reachable = await isPostgresReachable();

/** The migrations the code has, one file each (`db/migrations/001_initial.ts` is `001_initial`). */
const migrationFiles = () =>
  readdirSync(new URL('./db/migrations/', import.meta.url))
    .filter((file) => /^\d+_.*\.ts$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();

type LeadTime = { metrics: { avg_lead_time: number } };
type Issues = { issues: { title: string }[] };
type SimBoard = { projectId: string; items: Record<string, string> };
type GithubDelivery = {
  id: string;
  url: string;
  status: number | null;
  redelivery: boolean;
  payload: { action: string; projects_v2_item: { node_id: string } };
};
type Me = { subscription_status: string; subscription_end: string | null };

describe.skipIf(!reachable)('scale-out: replicas and workers on one PostgreSQL database', () => {
  let database: TestDatabase;
  let cluster: Cluster;
  let worker: Child;
  let alice: Session & { spentHandoff: string };
  let board: SimBoard;
  let orgBoard: SimBoard;

  beforeAll(async () => {
    database = await createPostgresTestDatabase({ migrate: false });
    cluster = await startCluster(database);
    worker = await cluster.startWorker('worker-1');
  }, 90_000);

  afterAll(async () => {
    await killEveryChild();
    await database?.drop();
  }, 30_000);

  const db = () => database.handle.db;
  const both = <T>(path: string, session: Session) =>
    Promise.all([
      api<T>(cluster.replicas.a, path, { session }),
      api<T>(cluster.replicas.b, path, { session }),
    ]);
  const project = (on: SimBoard) => encodeURIComponent(on.projectId);
  const titlesIn = async (column: string, on = board) => {
    const answers = await both<Issues>(`/api/issues/?project=${project(on)}&column=${column}`, alice);
    for (const answer of answers) expect(answer.status).toBe(200);
    return answers.map((answer) => answer.body.issues.map((issue) => issue.title).sort());
  };
  const leadTimes = async (on = board) => {
    const answers = await both<LeadTime>(`/api/leadtime/?project=${project(on)}&days=30`, alice);
    for (const answer of answers) expect(answer.status).toBe(200);
    return answers.map((answer) => answer.body);
  };
  /** Waits until `collector` has recorded the item's move into `column` (read from the database). */
  const recordedMove = (itemId: string, column: string, collector: Child, timeoutMs = 20_000) =>
    waitFor(
      `the move of ${itemId} to ${column}`,
      () =>
        db()
          .selectFrom('transitions')
          .select(['recorded_at'])
          .where('item_id', '=', itemId)
          .where('to_column', '=', column)
          .executeTakeFirst(),
      { children: [collector], timeoutMs },
    );
  /** Registers the board at replica A and waits for the worker's first sync and backfill of it. */
  const registerAndCollect = async (on: SimBoard, name: string) => {
    const registered = await api(cluster.replicas.a, '/api/projects/', {
      session: alice,
      method: 'POST',
      body: { project_id: on.projectId, name, iteration_length: 7 },
    });
    expect(registered.status).toBe(201);
    await waitFor('the first sync and backfill of the board', async () => {
      const row = await db()
        .selectFrom('boards')
        .select(['last_synced_at', 'backfilled_at'])
        .where('github_project_id', '=', on.projectId)
        .executeTakeFirst();
      return row?.last_synced_at && row.backfilled_at ? row : undefined;
    });
  };
  /** The live moves recorded for the board's items (not the snapshot or backfill), oldest first. */
  const liveMoves = async (on: SimBoard, ...titles: string[]) => {
    const ids = titles.map((title) => on.items[title] ?? '');
    const rows = await db()
      .selectFrom('transitions')
      .select(['item_id', 'from_column', 'to_column', 'source'])
      .where('item_id', 'in', ids)
      .where('source', 'in', ['webhook', 'poll'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      item: titles[ids.indexOf(row.item_id)],
      from: row.from_column,
      to: row.to_column,
      source: row.source,
    }));
  };
  const dataVersion = async (on: SimBoard) =>
    (
      await db()
        .selectFrom('boards')
        .select('data_version')
        .where('github_project_id', '=', on.projectId)
        .executeTakeFirstOrThrow()
    ).data_version;
  const githubDeliveries = () => simControl<GithubDelivery[]>(cluster.githubUrl, '/_sim/webhooks/deliveries');
  const moveInGithub = async (itemId: string, status: string) => {
    await simControl(cluster.githubUrl, `/_sim/items/${itemId}/move`, { status });
    // Answers once every delivery in flight was answered by the replica.
    await simControl(cluster.githubUrl, '/_sim/webhooks/flush', {});
  };
  const me = async (url: string) => {
    const answer = await api<Me>(url, '/api/me/', { session: alice });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const aliceUpdatedAt = async () =>
    (
      await db()
        .selectFrom('users')
        .select('updated_at')
        .where('username', '=', 'octo-alice')
        .executeTakeFirstOrThrow()
    ).updated_at;

  it('both replicas come up on the empty database, which is migrated once', async () => {
    for (const url of Object.values(cluster.replicas)) {
      expect((await api(url, '/readyz')).status).toBe(200);
    }
    const migrations = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(
      db(),
    );
    const names = migrations.rows.map((row) => row.name);
    expect(names).toEqual([...new Set(names)]);
    expect(names).toEqual(migrationFiles());
    const demoBoards = await db().selectFrom('boards').select('id').where('is_demo', '=', 1).execute();
    expect(demoBoards).toHaveLength(1);
  });

  it('signs in through the GitHub simulator across replicas and gets the same answers from both', async () => {
    alice = await signInAcrossReplicas({
      start: cluster.replicas.a,
      finish: cluster.replicas.b,
      login: 'octo-alice',
    });
    const [meA, meB] = await both<{ username: string }>('/api/me/', alice);
    expect(meA.status).toBe(200);
    expect(meA.body.username).toBe('octo-alice');
    expect(meB).toEqual(meA);
    const [projectsA, projectsB] = await both<{ project_id: string }[]>('/api/projects/', alice);
    expect(projectsA.status).toBe(200);
    expect(projectsB).toEqual(projectsA);
    // Billing at replica B reaches the Stripe simulator process (STRIPE_API_URL).
    const checkout = await api<{ id: string; url: string }>(
      cluster.replicas.b,
      '/api/create-checkout-session/',
      {
        session: alice,
        method: 'POST',
      },
    );
    expect(checkout.status).toBe(200);
    expect(checkout.body.id).toMatch(/^cs_/);
    expect(new URL(checkout.body.url).port).toBe(new URL(cluster.stripeUrl).port);
  });

  it('collects a board registered at replica A in the worker, and replica B analyses it', async () => {
    board = await createSimBoard(cluster.githubUrl, 'octo-alice');
    await registerAndCollect(board, 'Scale-out');
    const [projectsA, projectsB] = await both<{ project_id: string }[]>('/api/projects/', alice);
    expect(projectsB.body.map((p) => p.project_id)).toContain(board.projectId);
    expect(projectsB).toEqual(projectsA);
    const [todoA, todoB] = await titlesIn('Todo');
    expect(todoB).toEqual(['waiting']);
    expect(todoA).toEqual(todoB);
    const [leadA, leadB] = await leadTimes();
    expect(leadB?.metrics.avg_lead_time).toBeGreaterThan(0);
    expect(leadA).toEqual(leadB);
  });

  it('shows a move the worker recorded on both replicas, past their cached analyses', async () => {
    // Both replicas compute and cache the analyses before the move.
    const [leadBeforeA, leadBeforeB] = await leadTimes();
    expect(await titlesIn('Done')).toEqual([
      ['shipped-1', 'shipped-2'],
      ['shipped-1', 'shipped-2'],
    ]);
    await simControl(cluster.githubUrl, `/_sim/items/${board.items.waiting}/move`, { status: 'Done' });
    await recordedMove(board.items.waiting ?? '', 'Done', worker);
    // Neither replica saw the change happen: each must notice it through the board's data version.
    expect(await titlesIn('Done')).toEqual([
      ['shipped-1', 'shipped-2', 'waiting'],
      ['shipped-1', 'shipped-2', 'waiting'],
    ]);
    expect(await titlesIn('Todo')).toEqual([[], []]);
    const [leadAfterA, leadAfterB] = await leadTimes();
    expect(leadAfterA?.metrics.avg_lead_time).not.toBe(leadBeforeA?.metrics.avg_lead_time);
    expect(leadAfterB?.metrics.avg_lead_time).not.toBe(leadBeforeB?.metrics.avg_lead_time);
    expect(leadAfterA).toEqual(leadAfterB);
  });

  it('keeps collecting after a worker is killed mid-sync: another takes the board once its lease ends', async () => {
    // The worker's next GitHub query hangs, so it is killed while it holds the board's lease.
    await simControl(cluster.githubUrl, '/_sim/faults', {
      type: 'slow',
      delayMs: 60_000,
      scope: 'graphql',
      count: 1,
    });
    const lease = await waitFor('the worker to be stuck in a sync', async () => {
      const faults = await simControl<unknown[]>(cluster.githubUrl, '/_sim/faults');
      const row = await db()
        .selectFrom('boards')
        .select(['lease_owner', 'lease_until'])
        .where('github_project_id', '=', board.projectId)
        .executeTakeFirst();
      return faults.length === 0 && row?.lease_owner ? row : undefined;
    });
    expect(lease.lease_owner).toContain(`-${worker.pid}-`);
    await kill(worker);
    worker = await cluster.startWorker('worker-2');
    await simControl(cluster.githubUrl, `/_sim/items/${board.items.working}/move`, { status: 'Done' });
    const move = await recordedMove(board.items.working ?? '', 'Done', worker, TIMING.leaseMs + 15_000);
    // The dead worker's lease was respected to its end, then the board moved on.
    expect(Number(move.recorded_at)).toBeGreaterThanOrEqual(Number(lease.lease_until));
    expect((await titlesIn('In Progress')).flat()).toEqual([]);
    const done = await titlesIn('Done');
    expect(done[0]).toContain('working');
    expect(done[1]).toEqual(done[0]);
  }, 40_000);

  it('records a GitHub webhook delivered to replica B at once, and replica A sees the move', async () => {
    // From here a worker that polls once a minute: within these tests, only webhooks bring a move in soon.
    await stop(worker);
    worker = await cluster.startWorker('worker-3', { COLLECTOR_POLL_MS: '60000' });
    orgBoard = await createSimBoard(cluster.githubUrl, 'fluxion-labs');
    await registerAndCollect(orgBoard, 'Scale-out webhooks');
    // Replica A computes and caches the analyses before the move.
    const [leadBeforeA] = await leadTimes(orgBoard);
    expect((await titlesIn('Done', orgBoard))[0]).toEqual(['shipped-1', 'shipped-2']);

    await moveInGithub(orgBoard.items.waiting ?? '', 'Done');
    const delivery = (await githubDeliveries()).at(-1);
    expect(delivery).toMatchObject({ url: `${cluster.replicas.b}/webhooks/github`, status: 200 });
    expect(delivery?.payload.projects_v2_item.node_id).toBe(orgBoard.items.waiting);
    expect(await liveMoves(orgBoard, 'waiting')).toEqual([
      { item: 'waiting', from: 'Todo', to: 'Done', source: 'webhook' },
    ]);
    expect(await titlesIn('Done', orgBoard)).toEqual([
      ['shipped-1', 'shipped-2', 'waiting'],
      ['shipped-1', 'shipped-2', 'waiting'],
    ]);
    const [leadAfterA, leadAfterB] = await leadTimes(orgBoard);
    expect(leadAfterA?.metrics.avg_lead_time).not.toBe(leadBeforeA?.metrics.avg_lead_time);
    expect(leadAfterA).toEqual(leadAfterB);
  });

  it('records a redelivered GitHub webhook once', async () => {
    const original = (await githubDeliveries()).find(
      (d) => d.payload.projects_v2_item.node_id === orgBoard.items.waiting && d.payload.action === 'edited',
    );
    const versionBefore = await dataVersion(orgBoard);
    await simControl(cluster.githubUrl, `/_sim/webhooks/deliveries/${original?.id}/redeliver`, {});
    await simControl(cluster.githubUrl, '/_sim/webhooks/flush', {});
    const copy = (await githubDeliveries()).at(-1);
    expect(copy).toMatchObject({ id: original?.id, redelivery: true, status: 200 });
    expect(await liveMoves(orgBoard, 'waiting')).toHaveLength(1);
    expect(await dataVersion(orgBoard)).toBe(versionBefore);
  });

  it('refuses a GitHub webhook with a bad signature; the later poll records that move, and each move once', async () => {
    // GitHub's real payload for a move, which the simulator records but does not send.
    await simControl(cluster.githubUrl, '/_sim/faults', { type: 'drop-webhooks', count: 1 });
    await moveInGithub(orgBoard.items.working ?? '', 'Done');
    const dropped = (await githubDeliveries()).at(-1);
    expect(dropped?.payload.projects_v2_item.node_id).toBe(orgBoard.items.working);
    const body = JSON.stringify(dropped?.payload);
    const forged = await postWebhook(`${cluster.replicas.b}/webhooks/github`, body, {
      'x-github-event': 'projects_v2_item',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${createHmac('sha256', 'not-the-secret').update(body).digest('hex')}`,
    });
    expect(forged).toBe(401);
    expect(await liveMoves(orgBoard, 'working')).toEqual([]);

    // A new item's `created` webhook schedules a poll at once, which finds the move the webhook did not bring.
    await simControl(cluster.githubUrl, '/_sim/issues', {
      repo: 'fluxion-labs/scale-out',
      title: 'late-arrival',
      projectId: orgBoard.projectId,
    });
    await recordedMove(orgBoard.items.working ?? '', 'Done', worker);
    expect(await liveMoves(orgBoard, 'waiting', 'working')).toEqual([
      { item: 'waiting', from: 'Todo', to: 'Done', source: 'webhook' },
      { item: 'working', from: 'In Progress', to: 'Done', source: 'poll' },
    ]);
  });

  it('activates a subscription bought at replica A from the Stripe webhooks delivered to replica B', async () => {
    expect((await me(cluster.replicas.a)).subscription_status).not.toBe('active');
    const checkout = await api<{ id: string }>(cluster.replicas.a, '/api/create-checkout-session/', {
      session: alice,
      method: 'POST',
    });
    expect(checkout.status).toBe(200);
    // Answers once its webhooks were delivered and answered.
    await simControl(cluster.stripeUrl, `/_sim/checkout/sessions/${checkout.body.id}/pay`, {});
    const deliveries = await simControl<{ url: string; status: number }[]>(
      cluster.stripeUrl,
      '/_sim/webhooks/deliveries',
    );
    expect(deliveries.length).toBeGreaterThan(0);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ url: `${cluster.replicas.b}/webhooks/stripe`, status: 200 });
    }
    const atA = await me(cluster.replicas.a);
    expect(atA.subscription_status).toBe('active');
    expect(Date.parse(atA.subscription_end ?? '')).toBeGreaterThan(Date.now());
  });

  it('applies a duplicate Stripe event once and refuses a Stripe webhook with a bad signature', async () => {
    const before = { me: await me(cluster.replicas.a), updatedAt: await aliceUpdatedAt() };
    const [completed] = await simControl<{ id: string }[]>(
      cluster.stripeUrl,
      '/_sim/events?type=checkout.session.completed',
    );
    await simControl(cluster.stripeUrl, `/_sim/events/${completed?.id}/resend`, {});
    const resent = (
      await simControl<{ eventId: string; status: number }[]>(cluster.stripeUrl, '/_sim/webhooks/deliveries')
    ).at(-1);
    expect(resent).toEqual(expect.objectContaining({ eventId: completed?.id, status: 200 }));
    // Not applied again: the user's row was not written.
    expect(await aliceUpdatedAt()).toBe(before.updatedAt);

    const [subscription] = await simControl<{ id: string; customer: string }[]>(
      cluster.stripeUrl,
      '/_sim/subscriptions',
    );
    const forgedEvent = {
      id: `evt_forged_${randomUUID().slice(0, 8)}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { ...subscription, status: 'canceled' } },
    };
    const body = JSON.stringify(forgedEvent);
    const refused = await postWebhook(`${cluster.replicas.b}/webhooks/stripe`, body, {
      'stripe-signature': signatureHeader(body, 'whsec_not_the_secret', Math.floor(Date.now() / 1000)),
    });
    expect(refused).toBe(401);
    const recorded = await db()
      .selectFrom('stripe_events')
      .select('event_id')
      .where('event_id', '=', forgedEvent.id)
      .executeTakeFirst();
    expect(recorded).toBeUndefined();
    expect(await aliceUpdatedAt()).toBe(before.updatedAt);
    expect(await me(cluster.replicas.a)).toEqual(before.me);
  });

  it('rotates refresh tokens across replicas: a lagging tab is answered at B, a spent single-use token replayed at B ends that sign-in everywhere', async () => {
    const other = await signInAcrossReplicas({
      start: cluster.replicas.b,
      finish: cluster.replicas.a,
      login: 'octo-alice',
    });
    const refresh = (url: string, token: string) =>
      api<{ access: string; refresh: string }>(url, '/api/token/refresh/', {
        method: 'POST',
        body: { refresh: token },
      });
    const first = await refresh(cluster.replicas.a, alice.refresh);
    expect(first.status).toBe(200);
    const second = await refresh(cluster.replicas.a, first.body.refresh);
    expect(second.status).toBe(200);
    // The first token was spent, and its successor too, a moment ago: a lagging tab, answered at B.
    const lagging = await refresh(cluster.replicas.b, alice.refresh);
    expect(lagging.status).toBe(200);
    // The handoff's token is single-use (no grace): replayed, it is a copy.
    const replay = await refresh(cluster.replicas.b, alice.spentHandoff);
    expect(replay.status).toBe(401);
    expect(JSON.stringify(replay.body)).toMatch(/reused/);
    for (const url of Object.values(cluster.replicas)) {
      for (const pair of [second.body, lagging.body]) {
        expect((await refresh(url, pair.refresh)).status).toBe(401);
        expect((await api(url, '/api/me/', { session: { ...pair } })).status).toBe(401);
      }
    }
    // Alice's other sign-in is not the copied one: it goes on. Its access token, minted at A, is accepted
    // at B (one JWT secret, one session table).
    const otherNext = await refresh(cluster.replicas.a, other.refresh);
    expect(otherNext.status).toBe(200);
    expect((await api(cluster.replicas.b, '/api/me/', { session: { ...otherNext.body } })).status).toBe(200);
  });
});

/**
 * A board of `owner` (a user, or an organization: only those send webhooks) in the GitHub simulator: two
 * issues shipped days ago (their history reaches us by backfill), one waiting in Todo, one in progress.
 */
async function createSimBoard(githubUrl: string, owner: string): Promise<SimBoard> {
  const now = Date.now();
  // Its past is whole: this test is about replicas, not about the history GitHub loses (tested elsewhere).
  await simControl(githubUrl, '/_sim/quirks', { timelineEventLoss: 0 });
  const created = await simControl<{ id: string }>(githubUrl, '/_sim/projects', {
    owner,
    title: 'Scale-out board',
    columns: COLUMNS,
    at: now - 30 * DAY,
  });
  const items: Record<string, string> = {};
  const issue = async (title: string, status: string, daysAgo: number) => {
    const body = {
      repo: `${owner}/scale-out`,
      title,
      projectId: created.id,
      status,
      at: now - daysAgo * DAY,
    };
    const { itemId } = await simControl<{ itemId: string }>(githubUrl, '/_sim/issues', body);
    items[title] = itemId;
    return itemId;
  };
  const move = (itemId: string, status: string, daysAgo: number) =>
    simControl(githubUrl, `/_sim/items/${itemId}/move`, { status, at: now - daysAgo * DAY });
  const shipped1 = await issue('shipped-1', 'Todo', 10);
  await move(shipped1, 'In Progress', 8);
  await move(shipped1, 'Done', 6);
  const shipped2 = await issue('shipped-2', 'Todo', 9);
  await move(shipped2, 'Done', 5);
  await issue('waiting', 'Todo', 2);
  await issue('working', 'In Progress', 3);
  return { projectId: created.id, items };
}
