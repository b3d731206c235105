import { type BoardItem, buildTimeInStateReport, type Transition } from '@fluxion/flow';
import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { recordReportedMove } from '../testing/reported-moves.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInGithubUser } from '../testing/users.ts';
import { renameInClassification, storedClassification } from './classification.ts';

const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 1, 15, 30);
const [, webApp] = sim.world.projectsOf('fluxion-labs');
if (!webApp) throw new Error('the simulator is not seeded as expected');
/** The simulator's "Web app" board. */
const COLUMNS = ['Todo', 'In Progress', 'QA', 'Done'];
const QA_WAITS = { productive: ['In Progress'], waiting: ['Todo', 'QA'] };

/** Two items: a day in Todo, a day in progress, two days in QA; one is done, one waits in QA. */
const MOVES: Transition[] = ['a', 'b'].flatMap((id, n) => {
  const start = NOW - (5 - n) * 24 * HOUR;
  const path = ['Todo', 'In Progress', 'QA', 'Done'].slice(0, n === 0 ? 4 : 3);
  const hours = [0, 24, 48, 96];
  return path.map((to, i) => ({ itemId: id, from: path[i - 1] ?? null, to, at: start + (hours[i] ?? 0) }));
});
const ITEMS: BoardItem[] = ['a', 'b'].map((id) => {
  const last = MOVES.filter((m) => m.itemId === id).at(-1) as Transition;
  const fields = { number: null, title: '', url: null, milestone: null, labels: [] };
  return { id, ...fields, column: last.to, enteredColumnAt: last.at };
});
const engine = (classification?: Record<string, 'productive' | 'waiting'>) =>
  JSON.parse(
    JSON.stringify(
      buildTimeInStateReport({
        columns: COLUMNS,
        transitions: MOVES,
        items: ITEMS,
        days: 7,
        now: NOW,
        ...(classification ? { classification } : {}),
      }),
    ),
  );

describe('stored classification', () => {
  it('keeps only the columns before done that the board still has, in board order', () => {
    const text = JSON.stringify({ productive: ['QA', 'Gone', 'Done'], waiting: ['Todo'] });
    expect(storedClassification(text, COLUMNS)).toEqual({ productive: ['QA'], waiting: ['Todo'] });
    expect(storedClassification(null, COLUMNS)).toBeNull();
    expect(storedClassification('not json', COLUMNS)).toBeNull();
    expect(storedClassification('{"productive": "QA"}', COLUMNS)).toEqual({ productive: [], waiting: [] });
  });

  it('follows renamed columns, all at once, and leaves unreadable text alone', () => {
    const text = JSON.stringify({ productive: ['QA'], waiting: ['Todo', 'Review'] });
    const swapped = new Map([
      ['QA', 'Review'],
      ['Review', 'QA'],
    ]);
    expect(JSON.parse(renameInClassification(text, swapped))).toEqual({
      productive: ['Review'],
      waiting: ['Todo', 'QA'],
    });
    expect(renameInClassification('not json', swapped)).toBe('not json');
  });
});

describe.each(cases)('column classification on $name', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { app, ctx } = await buildTestApp(database, { githubUrl: sim.url, clock: testClock(NOW) });
  const id = webApp.nodeId;
  type Auth = { authorization: string };
  const save = (auth: Auth, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/projects/', headers: auth, payload });
  const project = async (auth: Auth) =>
    (await app.inject({ url: `/api/projects/${id}/`, headers: auth })).json();
  const timeInState = async (auth: Auth) => {
    const response = await app.inject({ url: `/api/timeinstate/?project=${id}&days=7`, headers: auth });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json();
  };
  const flowCycleStart = async (auth: Auth) =>
    (await app.inject({ url: `/api/flow/?project=${id}`, headers: auth })).json().cycle_start_column;

  const alice = await signedInGithubUser(ctx, sim, 'octo-alice');
  const bob = await signedInGithubUser(ctx, sim, 'octo-bob');
  expect((await save(alice.auth, { project_id: id, iteration_length: 7 })).statusCode).toBe(201);
  expect((await save(bob.auth, { project_id: id, iteration_length: 7 })).statusCode).toBe(201);
  const board = await ctx.db
    .selectFrom('boards')
    .select('id')
    .where('github_project_id', '=', id)
    .executeTakeFirstOrThrow();
  for (const move of MOVES) await recordReportedMove(ctx.db, board.id, { ...move, source: 'webhook' }, NOW);

  it('is automatic until the user sets it; saving without it keeps it; null resets it', async () => {
    expect(await project(alice.auth)).toMatchObject({
      column_classification: null,
      automatic_column_classification: { productive: ['In Progress', 'QA'], waiting: ['Todo'] },
    });
    const saved = await save(alice.auth, {
      project_id: id,
      iteration_length: 7,
      column_classification: QA_WAITS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().column_classification).toEqual(QA_WAITS);
    expect((await save(alice.auth, { project_id: id, iteration_length: 14 })).json()).toMatchObject({
      iteration_length_days: 14,
      column_classification: QA_WAITS,
    });
    const reset = await save(alice.auth, {
      project_id: id,
      iteration_length: 7,
      column_classification: null,
    });
    expect(reset.json().column_classification).toBeNull();
    // A partial choice: the columns it leaves out keep the guess from their names.
    const partial = { productive: [], waiting: ['QA'] };
    expect(
      (
        await save(alice.auth, { project_id: id, iteration_length: 7, column_classification: partial })
      ).json(),
    ).toMatchObject({ column_classification: partial });
    await save(alice.auth, { project_id: id, iteration_length: 7, column_classification: null });
  });

  it('answers 400 naming column_classification for columns not of the project, done, or in both lists', async () => {
    const attempts: unknown[] = [
      { productive: ['Review'], waiting: [] },
      { productive: [], waiting: ['Done'] },
      { productive: ['QA'], waiting: ['QA'] },
      { productive: 'QA', waiting: [] },
      { productive: [''], waiting: [] },
      { waiting: ['QA'] },
    ];
    for (const classification of attempts) {
      const payload = { project_id: id, iteration_length: 7, column_classification: classification };
      const response = await save(alice.auth, payload);
      expect(response.statusCode, JSON.stringify(classification)).toBe(400);
      expect(response.json().message, JSON.stringify(classification)).toContain('column_classification');
      expect(response.json().field, JSON.stringify(classification)).toMatch(/^column_classification/);
    }
    const done = await save(alice.auth, {
      project_id: id,
      iteration_length: 7,
      column_classification: { productive: [], waiting: ['Done'] },
    });
    expect(done.json().message).toBe(
      'column_classification: "Done" is the done column: it is neither productive nor waiting',
    );
    expect((await project(alice.auth)).column_classification).toBeNull();
  });

  it('GET /api/timeinstate/ and the Flow report follow each user’s own classification, never a stale cached one', async () => {
    const automatic = await timeInState(alice.auth);
    expect(automatic).toEqual(engine());
    expect(automatic.metrics.active_work_ratio).toBeGreaterThan(0);
    expect(await flowCycleStart(alice.auth)).toBe('In Progress');

    await save(alice.auth, { project_id: id, iteration_length: 7, column_classification: QA_WAITS });
    const edited = await timeInState(alice.auth);
    expect(edited).toEqual(engine({ 'In Progress': 'productive', Todo: 'waiting', QA: 'waiting' }));
    expect(edited.column_classification).toEqual(QA_WAITS);
    expect(edited.metrics.active_work_ratio).toBeLessThan(automatic.metrics.active_work_ratio);
    expect(edited.metrics.queue_health_ratio).toBeGreaterThan(automatic.metrics.queue_health_ratio);
    // Bob tracks the same board with its automatic classification.
    expect(await timeInState(bob.auth)).toEqual(automatic);

    const todoWorks = { productive: ['Todo', 'In Progress'], waiting: ['QA'] };
    await save(alice.auth, { project_id: id, iteration_length: 7, column_classification: todoWorks });
    expect((await timeInState(alice.auth)).column_classification).toEqual(todoWorks);
    expect(await flowCycleStart(alice.auth)).toBe('Todo');
    expect(await flowCycleStart(bob.auth)).toBe('In Progress');

    await save(alice.auth, { project_id: id, iteration_length: 7, column_classification: null });
    expect(await timeInState(alice.auth)).toEqual(automatic);
    expect(await flowCycleStart(alice.auth)).toBe('In Progress');
  });

  it('a column renamed on GitHub since drops out of the stored choice', async () => {
    await save(alice.auth, { project_id: id, iteration_length: 7, column_classification: QA_WAITS });
    await ctx.db
      .updateTable('boards')
      .set({ column_list: JSON.stringify(['Todo', 'In Progress', 'Testing', 'Done']) })
      .where('id', '=', board.id)
      .execute();
    expect((await project(alice.auth)).column_classification).toEqual({
      productive: ['In Progress'],
      waiting: ['Todo'],
    });
    expect((await timeInState(alice.auth)).column_classification).toEqual({
      productive: ['In Progress', 'Testing'],
      waiting: ['Todo'],
    });
  });
});
