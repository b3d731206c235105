import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, isPostgresReachable, type TestDatabase } from './testing/databases.ts';
import { type Outage, takeDatabaseAway } from './testing/outage.ts';
import { type Cluster, startCluster } from './testing/scale-out/cluster.ts';
import { deliveriesOf, movesMade, redeliverFailed, startMoving } from './testing/scale-out/github-moves.ts';
import { api, type Session, signInAcrossReplicas, simControl } from './testing/scale-out/http.ts';
import { type Child, killEveryChild, waitFor, waitUntilReady } from './testing/scale-out/processes.ts';
import { startTraffic, type TrafficAnswer } from './testing/scale-out/traffic.ts';

/**
 * The fault suite: the server as real processes on PostgreSQL (two API replicas, a collector worker, the
 * GitHub simulator delivering webhooks to replica B) under steady traffic and a stream of moves, while the
 * test database is taken away three times (its connections ended by the server, new ones refused). No
 * process may die, no move may be lost or doubled, and 503 is the only failure, only while it is away.
 */
const COLUMNS = ['Todo', 'In Progress', 'In Review', 'Done'];
const ITEMS = 30;
const OUTAGES = 3;
const AWAY_MS = 1_500;
/** A request that began just before the database came back may end just after. */
const GRACE_MS = 1_000;
const reachable = await isPostgresReachable();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!reachable)('faults: PostgreSQL connections cut under traffic', () => {
  let database: TestDatabase;
  let cluster: Cluster;
  let worker: Child;
  let alice: Session;
  let board: { projectId: string; itemIds: string[] };

  beforeAll(async () => {
    database = await createPostgresTestDatabase({ migrate: false });
    cluster = await startCluster(database);
    // Polls once a minute: within the test, the moves reach the server by webhook only.
    worker = await cluster.startWorker('worker', { COLLECTOR_POLL_MS: '60000' });
    alice = await signInAcrossReplicas({
      start: cluster.replicas.a,
      finish: cluster.replicas.b,
      login: 'octo-alice',
    });
    for (const child of cluster.children) watchForLostConnections(child);
    board = await createOrgBoard(cluster.githubUrl);
    await registerAndCollect(board.projectId);
  }, 90_000);

  afterAll(async () => {
    await killEveryChild();
    await database?.drop();
  }, 30_000);

  const db = () => database.handle.db;

  /** The processes that reported a lost PostgreSQL connection (their output keeps only its tail). */
  const lostConnections = new Set<string>();
  const watchForLostConnections = (child: Child) => {
    let tail = '';
    child.process.stderr?.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-500);
      if (tail.includes('PostgreSQL connection lost')) lostConnections.add(child.name);
    });
  };

  const registerAndCollect = async (projectId: string) => {
    const registered = await api(cluster.replicas.a, '/api/projects/', {
      session: alice,
      method: 'POST',
      body: { project_id: projectId, name: 'Faults', iteration_length: 7 },
    });
    expect(registered.status).toBe(201);
    await waitFor('the first sync and backfill of the board', async () => {
      const row = await db()
        .selectFrom('boards')
        .select(['last_synced_at', 'backfilled_at'])
        .where('github_project_id', '=', projectId)
        .executeTakeFirst();
      return row?.last_synced_at && row.backfilled_at ? row : undefined;
    });
  };

  /** The live moves the server recorded for each item, in order, as "from → to". */
  const movesRecorded = async (itemIds: string[]) => {
    const rows = await db()
      .selectFrom('transitions')
      .select(['item_id', 'from_column', 'to_column'])
      .where('item_id', 'in', itemIds)
      .where('source', 'in', ['webhook', 'poll'])
      .orderBy('at')
      .orderBy('id')
      .execute();
    const moves = new Map(itemIds.map((id) => [id, [] as string[]]));
    for (const row of rows)
      moves.get(row.item_id)?.push(`${row.from_column ?? '-'} → ${row.to_column ?? '-'}`);
    return moves;
  };

  it(`survives ${OUTAGES} outages: 503 only while away, no process dies, every move recorded once`, async () => {
    const project = encodeURIComponent(board.projectId);
    const earlierDeliveries = (await deliveriesOf(cluster.githubUrl)).length;
    const traffic = startTraffic([
      { url: `${cluster.replicas.a}/api/projects/`, session: alice },
      { url: `${cluster.replicas.b}/api/flow/?project=${project}`, session: alice },
      { url: `${cluster.replicas.a}/readyz` },
      { url: `${cluster.replicas.b}/api/projects/`, session: alice },
      { url: `${cluster.replicas.a}/api/flow/?project=${project}`, session: alice },
      { url: `${cluster.replicas.b}/readyz` },
    ]);
    const mover = startMoving(cluster.githubUrl, board.itemIds, COLUMNS, 120);
    const outages: Outage[] = [];
    for (let cut = 0; cut < OUTAGES; cut += 1) {
      await sleep(1_500);
      outages.push(await takeDatabaseAway(database.url ?? '', AWAY_MS));
      await waitUntilReady(`${cluster.replicas.b}/readyz`, cluster.children[3] as Child, 20_000);
      await redeliverFailed(cluster.githubUrl);
    }
    await mover.done;
    await traffic.stop();
    await deliverUntilAllAnswered2xx(cluster.githubUrl);

    for (const child of cluster.children) {
      expect(child.process.exitCode, `${child.name} exited:\n${child.output()}`).toBeNull();
      expect(child.process.signalCode, `${child.name} was killed`).toBeNull();
    }
    // Every process that holds connections (the replicas, the worker) saw them cut, and lived on.
    expect([...lostConnections].sort()).toEqual(['replica-a', 'replica-b', 'worker']);

    const failures = traffic.answers.filter((answer) => answer.status !== 200);
    expect(new Set(failures.map((answer) => answer.status))).toEqual(new Set([503]));
    expect(failures.filter((answer) => !during(outages, answer))).toEqual([]);
    expect(failures.filter((answer) => answer.retryAfter !== '5')).toEqual([]);
    for (const outage of outages) expect(failures.some((answer) => during([outage], answer))).toBe(true);

    const deliveries = (await deliveriesOf(cluster.githubUrl)).slice(earlierDeliveries);
    const refused = deliveries.filter((delivery) => delivery.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((delivery) => delivery.status))).toEqual(new Set([503]));
    const truth = movesMade(deliveries, board.itemIds);
    expect([...truth.values()].flat()).toHaveLength(ITEMS * (COLUMNS.length - 1));
    expect(await movesRecorded(board.itemIds)).toEqual(truth);
    console.log(
      `faults: ${traffic.answers.length} requests, ${failures.length} answered 503 during ${OUTAGES} outages ` +
        `of ${AWAY_MS} ms; ${[...truth.values()].flat().length} moves, ${refused.length} webhook attempts ` +
        `answered 503 and delivered again`,
    );
  }, 90_000);

  it('the worker resumes after the outages: a new item brings a poll, which records it', async () => {
    await simControl(cluster.githubUrl, '/_sim/issues', {
      repo: 'fluxion-labs/faults',
      title: 'after-the-outages',
      projectId: board.projectId,
      status: 'Todo',
    });
    await waitFor(
      'the worker to sync the board again',
      () =>
        db()
          .selectFrom('items')
          .select('item_id')
          .where('title', '=', 'after-the-outages')
          .executeTakeFirst(),
      { children: [worker], timeoutMs: 20_000 },
    );
  }, 30_000);
});

/** Whether the request ran while the database was away (or ended within the grace after it came back). */
function during(outages: Outage[], answer: TrafficAnswer): boolean {
  return outages.some((o) => answer.endedAt >= o.from && answer.startedAt <= o.to + GRACE_MS);
}

/** Redelivers failed deliveries, as often as needed, until every delivery has been answered 2xx. */
async function deliverUntilAllAnswered2xx(githubUrl: string): Promise<void> {
  await waitFor(
    'every webhook delivery answered 2xx',
    async () => {
      await simControl(githubUrl, '/_sim/webhooks/flush', {});
      return (await redeliverFailed(githubUrl)) === 0 ? true : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 300 },
  );
}

/** An organization board (only those send webhooks) with ITEMS issues in its first column. */
async function createOrgBoard(githubUrl: string): Promise<{ projectId: string; itemIds: string[] }> {
  const created = await simControl<{ id: string }>(githubUrl, '/_sim/projects', {
    owner: 'fluxion-labs',
    title: 'Faults board',
    columns: COLUMNS,
    at: Date.now() - 7 * 24 * 60 * 60_000,
  });
  const itemIds: string[] = [];
  for (let n = 1; n <= ITEMS; n += 1) {
    const body = {
      repo: 'fluxion-labs/faults',
      title: `item-${n}`,
      projectId: created.id,
      status: COLUMNS[0],
    };
    itemIds.push((await simControl<{ itemId: string }>(githubUrl, '/_sim/issues', body)).itemId);
  }
  return { projectId: created.id, itemIds };
}
