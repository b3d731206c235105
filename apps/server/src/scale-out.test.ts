import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, isPostgresReachable, type TestDatabase } from './testing/databases.ts';
import { type Cluster, startCluster, TIMING } from './testing/scale-out/cluster.ts';
import { api, type Session, signInAcrossReplicas, simControl } from './testing/scale-out/http.ts';
import { type Child, kill, killEveryChild, waitFor } from './testing/scale-out/processes.ts';

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

describe.skipIf(!reachable)('scale-out: replicas and workers on one PostgreSQL database', () => {
  let database: TestDatabase;
  let cluster: Cluster;
  let worker: Child;
  let alice: Session;
  let board: { projectId: string; items: Record<string, string> };

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
  const project = () => encodeURIComponent(board.projectId);
  const titlesIn = async (column: string) => {
    const answers = await both<Issues>(`/api/issues/?project=${project()}&column=${column}`, alice);
    for (const answer of answers) expect(answer.status).toBe(200);
    return answers.map((answer) => answer.body.issues.map((issue) => issue.title).sort());
  };
  const leadTimes = async () => {
    const answers = await both<LeadTime>(`/api/leadtime/?project=${project()}&days=30`, alice);
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
    board = await createSimBoard(cluster.githubUrl);
    const registered = await api(cluster.replicas.a, '/api/projects/', {
      session: alice,
      method: 'POST',
      body: { project_id: board.projectId, name: 'Scale-out', iteration_length: 7 },
    });
    expect(registered.status).toBe(201);
    await waitFor('the first sync and backfill of the board', async () => {
      const row = await db()
        .selectFrom('boards')
        .select(['last_synced_at', 'backfilled_at'])
        .where('github_project_id', '=', board.projectId)
        .executeTakeFirst();
      return row?.last_synced_at && row.backfilled_at ? row : undefined;
    });
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
    const second = await cluster.startWorker('worker-2');
    await simControl(cluster.githubUrl, `/_sim/items/${board.items.working}/move`, { status: 'Done' });
    const move = await recordedMove(board.items.working ?? '', 'Done', second, TIMING.leaseMs + 15_000);
    // The dead worker's lease was respected to its end, then the board moved on.
    expect(Number(move.recorded_at)).toBeGreaterThanOrEqual(Number(lease.lease_until));
    expect((await titlesIn('In Progress')).flat()).toEqual([]);
    const done = await titlesIn('Done');
    expect(done[0]).toContain('working');
    expect(done[1]).toEqual(done[0]);
  }, 40_000);

  it('rotates refresh tokens across replicas: a spent token replayed at B revokes every session', async () => {
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
    // The first token was spent, and its successor too: no longer two tabs refreshing at once, but a copy.
    const replay = await refresh(cluster.replicas.b, alice.refresh);
    expect(replay.status).toBe(401);
    expect(JSON.stringify(replay.body)).toMatch(/reused/);
    for (const url of Object.values(cluster.replicas)) {
      expect((await refresh(url, second.body.refresh)).status).toBe(401);
      expect((await refresh(url, other.refresh)).status).toBe(401);
    }
    // The new access token, minted at A, is accepted at B (one JWT secret).
    expect((await api(cluster.replicas.b, '/api/me/', { session: { ...second.body } })).status).toBe(200);
  });
});

/**
 * octo-alice's board in the GitHub simulator: two issues shipped days ago (their history reaches us by
 * backfill), one waiting in Todo, one in progress.
 */
async function createSimBoard(
  githubUrl: string,
): Promise<{ projectId: string; items: Record<string, string> }> {
  const now = Date.now();
  const created = await simControl<{ id: string }>(githubUrl, '/_sim/projects', {
    owner: 'octo-alice',
    title: 'Scale-out board',
    columns: COLUMNS,
    at: now - 30 * DAY,
  });
  const items: Record<string, string> = {};
  const issue = async (title: string, status: string, daysAgo: number) => {
    const body = {
      repo: 'octo-alice/scale-out',
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
