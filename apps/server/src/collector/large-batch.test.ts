import { afterAll, describe, expect, it } from 'vitest';
import { insertTestBoard } from '../testing/boards.ts';
import { createSqliteTestDatabase, type TestDatabase } from '../testing/databases.ts';
import type { Move } from './observation.ts';
import { insertMoves } from '../move-log/writes.ts';

const T = Date.UTC(2026, 10, 1, 9);

describe('a batch larger than a call takes arguments', () => {
  let database: TestDatabase;
  afterAll(() => database.drop());

  it('records the backfill of a 50,000-item board (200,000 moves) in one call', async () => {
    database = await createSqliteTestDatabase();
    const { db } = database.handle;
    await insertTestBoard(db, { id: 'b1', githubProjectId: 'PVT_1', addedAt: T });
    const moves: Move[] = Array.from({ length: 200_000 }, (_, i) => ({
      itemId: `item-${i % 50_000}`,
      from: i < 50_000 ? null : 'Todo',
      to: i < 50_000 ? 'Todo' : 'Done',
      at: T - 10 * 24 * 3_600_000 + i * 1000,
      source: 'backfill',
    }));
    expect(await insertMoves(db, 'b1', moves, T)).toBe(200_000);
    const stored = await db
      .selectFrom('transitions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(200_000);
  }, 60_000);
});
