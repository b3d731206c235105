import { type GithubSim, startGithubSim } from '@fluxion/github-sim';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { encryptSecret } from '../users/secret-box.ts';
import { type Collector, type CollectorOptions, createCollector } from '../collector/runner.ts';
import { readerFactory } from '../collector/readers.ts';
import type { CollectorTiming } from '../config.ts';
import type { Board } from '../db/schema.ts';
import { forgetHostFeatures } from '../github/host-features.ts';
import { buildTestApp, type TestApp, testClock, testConfig } from './app.ts';
import { type DialectCase, dialectCases, type TestDatabase } from './databases.ts';
import { signedInUser } from './users.ts';

/** 1 Nov 2026 09:00 UTC: where both clocks (the simulator's and the app's) start. */
export const START = Date.UTC(2026, 10, 1, 9);
export const COLUMNS = ['Todo', 'In Progress', 'In Review', 'Done'];

export type RecordedMove = {
  item: string;
  from: string | null;
  to: string | null;
  at: number;
  source: string;
};
type Delivery = {
  id: string;
  action: string;
  dropped: boolean;
  redelivery: boolean;
  /** The app's answer (null: none yet, or the request failed). */
  status: number | null;
};

/**
 * The real app (listening on a real port, so the simulator can deliver webhooks to `/webhooks/github`)
 * over a test database, with a GitHub simulator on a manual clock, and octo-alice signed in with a token
 * the simulator minted. Both clocks move together through `advance`.
 */
export type CollectorWorld = TestApp & {
  sim: GithubSim;
  auth: { authorization: string };
  control<T = unknown>(path: string, body?: unknown, method?: string): Promise<T>;
  advance(ms: number): Promise<void>;
  collector(options?: CollectorOptions): Collector;
  createBoard(owner: string, items: Record<string, string | null>): Promise<SimBoard>;
  /** `settings`: more of the save request (a breakdown field, …). */
  register(projectId: string, settings?: Record<string, unknown>): Promise<Board>;
  board(boardId: string): Promise<Board>;
  move(itemId: string, status: string | null): Promise<void>;
  flush(): Promise<void>;
  deliveries(): Promise<Delivery[]>;
  redeliver(id: string): Promise<void>;
  moves(boardId: string): Promise<RecordedMove[]>;
  /** Stops the simulator and the app (the database stays open: see clearDatabase, dropDatabase). */
  close(): Promise<void>;
};

/** A simulator board: its node id and the item node id of each named issue. */
export type SimBoard = { projectId: string; items: Record<string, string>; names: Map<string, string> };

/** `timing`: the collector's timing where it differs from the defaults (the benchmarks take the defaults). */
export async function startCollectorWorld(
  database: TestDatabase,
  timing: Partial<CollectorTiming> = {},
  schema: SimSchema = 'extended',
): Promise<CollectorWorld> {
  const sim = await startGithubSim({ port: 0, clock: 'manual', startAt: START, schema });
  const github = { ...testConfig().github, apiUrl: sim.url, webUrl: sim.url };
  const collectorTiming = { ...testConfig().collectorTiming, ...timing };
  const test = await buildTestApp(database, { clock: testClock(START), config: { github, collectorTiming } });
  const { app, ctx } = test;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app has no TCP address');
  sim.webhooks.urls = [`http://127.0.0.1:${address.port}/webhooks/github`];
  sim.webhooks.secret = ctx.config.github.webhookSecret ?? '';
  const token = encryptSecret(sim.createToken('octo-alice'), ctx.config.tokenEncryptionKey);
  const { auth } = await signedInUser(ctx, 'octo-alice', token);

  const control = async <T>(path: string, body?: unknown, method = 'POST'): Promise<T> => {
    const response = await fetch(`${sim.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 || response.status === 202 ? undefined : await response.json()) as T;
  };
  const flush = async () => {
    await control('/_sim/webhooks/flush');
  };
  const board = async (boardId: string) =>
    ctx.db.selectFrom('boards').selectAll().where('id', '=', boardId).executeTakeFirstOrThrow();

  let boardCount = 0;
  const createBoard = async (owner: string, items: Record<string, string | null>): Promise<SimBoard> => {
    boardCount += 1;
    const project = await control<{ id: string }>('/_sim/projects', {
      owner,
      title: `Scripted board ${boardCount}`,
      columns: COLUMNS,
      at: START - 7 * DAY,
    });
    const ids: Record<string, string> = {};
    const names = new Map<string, string>();
    for (const [name, status] of Object.entries(items)) {
      const created = await control<{ itemId: string }>('/_sim/issues', {
        repo: `${owner}/scripted`,
        title: name,
        projectId: project.id,
        ...(status ? { status } : {}),
        at: START - 2 * DAY,
      });
      ids[name] = created.itemId;
      names.set(created.itemId, name);
    }
    await flush();
    return { projectId: project.id, items: ids, names };
  };

  const register = async (projectId: string, settings: Record<string, unknown> = {}): Promise<Board> => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: auth,
      payload: { project_id: projectId, name: 'Scripted', iteration_length: 7, ...settings },
    });
    if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
    return ctx.db
      .selectFrom('boards')
      .selectAll()
      .where('github_project_id', '=', projectId)
      .executeTakeFirstOrThrow();
  };

  return {
    ...test,
    sim,
    auth,
    control,
    flush,
    board,
    createBoard,
    register,
    advance: async (ms) => {
      await control('/_sim/clock/advance', { ms });
      test.clock.advance(ms);
    },
    // Live recording is tested apart from the history backfill, which has tests of its own.
    collector: (options = {}) =>
      createCollector(ctx, readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 }), {
        backfill: false,
        ...options,
      }),
    move: async (itemId, status) => {
      await control(`/_sim/items/${itemId}/move`, { status });
    },
    deliveries: () => control<Delivery[]>('/_sim/webhooks/deliveries', undefined, 'GET'),
    redeliver: async (id) => {
      await control(`/_sim/webhooks/deliveries/${id}/redeliver`);
      await flush();
    },
    moves: async (boardId) => {
      const rows = await ctx.db
        .selectFrom('transitions')
        .select(['item_id', 'from_column', 'to_column', 'at', 'source'])
        .where('board_id', '=', boardId)
        .orderBy('at')
        .orderBy('item_id')
        .execute();
      return rows.map((r) => ({
        item: r.item_id,
        from: r.from_column,
        to: r.to_column,
        at: Number(r.at),
        source: r.source,
      }));
    },
    close: async () => {
      await sim.close();
      await app.close();
    },
  };
}

/** Empties every table, so that one database serves a file's tests (creating one costs seconds). */
export async function clearDatabase(database: TestDatabase): Promise<void> {
  const { db } = database.handle;
  await db.deleteFrom('transitions').execute();
  await db.deleteFrom('items').execute();
  await db.deleteFrom('tracked_projects').execute();
  await db.deleteFrom('boards').execute();
  await db.deleteFrom('refresh_tokens').execute();
  await db.deleteFrom('users').execute();
  await db.deleteFrom('webhook_deliveries').execute();
}

/** Drops the per-file database (see `TestDatabase.drop`). */
export async function dropDatabase(database: TestDatabase): Promise<void> {
  await database.drop();
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The suites' scenarios are written for full listings every 15 minutes (an operator's setting). */
/**
 * The GraphQL schema the simulator serves: github.com's (`extended`, with `items(query:)` and the Projects
 * timeline events) or GitHub's published one, where the client's fallbacks run (github/unpublished.ts).
 */
export type SimSchema = 'extended' | 'published';

/** Each database × each schema: for the collector's key suites, so that the fallbacks are proven too. */
export async function dialectAndSchemaCases(): Promise<(DialectCase & { schema: SimSchema })[]> {
  const schemas: SimSchema[] = ['extended', 'published'];
  return (await dialectCases()).flatMap((dialect) => schemas.map((schema) => ({ ...dialect, schema })));
}

const SUITE_TIMING: Partial<CollectorTiming> = { fullSyncMs: 15 * 60_000 };

/**
 * The per-file database and per-test world of the collector suites: one database per file and dialect
 * (creating one costs seconds), emptied after each test; a fresh simulator and app for every test.
 * Answers a stand-in that always speaks for the current test's world.
 */
export function collectorWorldPerTest(
  create: () => Promise<TestDatabase>,
  schema: SimSchema = 'extended',
): CollectorWorld {
  let database: TestDatabase;
  let current: CollectorWorld | undefined;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => dropDatabase(database));
  beforeEach(async () => {
    current = await startCollectorWorld(database, SUITE_TIMING, schema);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
    forgetHostFeatures(); // the next test's simulator may reuse the port, a host with another schema
    await clearDatabase(database);
  });
  return new Proxy({} as CollectorWorld, {
    get: (_target, property) => {
      if (!current) throw new Error('the collector world exists only inside a test');
      return Reflect.get(current, property);
    },
  });
}
