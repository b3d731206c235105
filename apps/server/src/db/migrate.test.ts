import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { migrateAllDown, migrateTo, migrateToLatest } from './migrate.ts';
import { insertTestBoard } from '../testing/boards.ts';

const cases = await dialectCases();

describe.each(cases)('storage on $name', ({ create }) => {
  const opened: TestDatabase[] = [];
  afterAll(async () => Promise.all(opened.map((d) => d.drop())));

  async function fresh() {
    const database = await create();
    opened.push(database);
    return database.handle;
  }

  it('stores and reads back epoch-millisecond timestamps as numbers', async () => {
    const { db } = await fresh();
    const at = Date.UTC(2026, 10, 22, 12, 30, 15, 123);
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        github_id: 123456789012,
        username: 'octo',
        avatar_url: null,
        github_token_enc: null,
        subscription_status: 'trial',
        subscription_end: at,
        cancel_at_period_end: 0,
        stripe_customer_id: null,
        stripe_subscription_id: null,
        demo_hidden: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const row = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.subscription_end).toBe(at);
    expect(row.github_id).toBe(123456789012);
  });

  it('records one move of one item at one instant only once', async () => {
    const { db } = await fresh();
    await insertTestBoard(db, { id: 'b1', githubProjectId: 'PVT_1', addedAt: 0 });
    const move = {
      board_id: 'b1',
      item_id: 'i1',
      from_column: null,
      to_column: 'Todo',
      at: 5,
      recorded_at: 6,
    };
    await db
      .insertInto('transitions')
      .values({ ...move, source: 'poll' })
      .execute();
    const again = db
      .insertInto('transitions')
      .values({ ...move, source: 'webhook' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await expect(again).resolves.toBeDefined();
    const rows = await db.selectFrom('transitions').select(['source', 'id']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toBe('poll');
    expect(typeof rows[0]?.id).toBe('number');
  });

  it('migrations are reversible and can be applied again', async () => {
    const handle = await fresh();
    await migrateAllDown(handle);
    await expect(sql`select count(*) from users`.execute(handle.db)).rejects.toThrow();
    await migrateToLatest(handle);
    const result = await sql<{ n: number }>`select count(*) as n from users`.execute(handle.db);
    expect(Number(result.rows[0]?.n)).toBe(0);
  });

  it("counts each board's moves, those there before 042 and every insert and delete since", async () => {
    const handle = await fresh();
    const { db } = handle;
    await insertTestBoard(db, { id: 'b1', githubProjectId: 'PVT_1', addedAt: 0 });
    await insertTestBoard(db, { id: 'b2', githubProjectId: 'PVT_2', addedAt: 0 });
    await migrateTo(handle, '041_breakdown_field');
    const move = (board: string, at: number) => ({
      board_id: board,
      item_id: 'i1',
      from_column: null,
      to_column: 'Todo',
      at,
      source: 'poll',
      recorded_at: at,
    });
    await db
      .insertInto('transitions')
      .values([move('b1', 1), move('b1', 2), move('b2', 3)])
      .execute();
    await migrateToLatest(handle);
    const counts = async () =>
      Object.fromEntries(
        (await db.selectFrom('boards').select(['id', 'move_count']).orderBy('id').execute()).map((r) => [
          r.id,
          Number(r.move_count),
        ]),
      );
    expect(await counts()).toEqual({ b1: 2, b2: 1 });
    await db
      .insertInto('transitions')
      .values([move('b1', 4), move('b2', 5), move('b2', 6), move('b1', 2)])
      .onConflict((oc) => oc.doNothing())
      .execute();
    expect(await counts()).toEqual({ b1: 3, b2: 3 });
    await db.deleteFrom('transitions').where('at', 'in', [1, 5, 6]).execute();
    expect(await counts()).toEqual({ b1: 2, b2: 1 });
    await db.deleteFrom('boards').where('id', '=', 'b2').execute();
    expect(await counts()).toEqual({ b1: 2 });
  });

  it("keeps the iterations' rows when their tables take the glossary's names (040)", async () => {
    const handle = await fresh();
    await insertTestBoard(handle.db, { id: 'b1', githubProjectId: 'PVT_1', addedAt: 0 });
    await migrateTo(handle, '039_digest_baselines');
    const iterations = '[{"id":"it1","title":"Sprint 1","startDate":"2026-11-02","duration":14}]';
    await sql`insert into board_plan_fields (board_id, iteration_field_id, iteration_field_name, iterations,
      estimate_field_id, estimate_field_name, updated_at)
      values ('b1', 'PVTIF_1', 'Sprint', ${iterations}, 'PVTF_2', 'Points', 7)`.execute(handle.db);
    await sql`insert into item_plan_changes (board_id, item_id, at, iteration_id, estimate, source)
      values ('b1', 'i1', 5, 'it1', 3, 'poll'), ('b1', 'i1', 9, null, 2.5, 'webhook')`.execute(handle.db);
    await migrateToLatest(handle);
    const { db } = handle;
    expect(await db.selectFrom('board_iteration_fields').selectAll().execute()).toEqual([
      {
        board_id: 'b1',
        iteration_field_id: 'PVTIF_1',
        iteration_field_name: 'Sprint',
        iterations,
        estimate_field_id: 'PVTF_2',
        estimate_field_name: 'Points',
        updated_at: 7,
      },
    ]);
    const changes = await db.selectFrom('item_iteration_changes').selectAll().orderBy('at').execute();
    expect(changes).toEqual([
      { board_id: 'b1', item_id: 'i1', at: 5, iteration_id: 'it1', estimate: 3, source: 'poll' },
      { board_id: 'b1', item_id: 'i1', at: 9, iteration_id: null, estimate: 2.5, source: 'webhook' },
    ]);
    // The key came along: one change of an item at one instant.
    const again = {
      board_id: 'b1',
      item_id: 'i1',
      at: 5,
      iteration_id: null,
      estimate: null,
      source: 'poll',
    };
    await expect(db.insertInto('item_iteration_changes').values(again).execute()).rejects.toThrow();
    await expect(sql`select count(*) from board_plan_fields`.execute(db)).rejects.toThrow();
  });
});
