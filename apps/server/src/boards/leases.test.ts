import { afterAll, describe, expect, it } from 'vitest';
import { insertTestBoard } from '../testing/boards.ts';
import { dialectCases } from '../testing/databases.ts';
import { claimDueBoards } from './leases.ts';

const T = Date.UTC(2026, 10, 30, 9);
const MINUTE = 60_000;

describe.each(await dialectCases())('claiming due boards ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { db } = database.handle;

  it('takes a board never synced before the boards due again, however long those have waited', async () => {
    for (const [id, minutesAgo] of [
      ['old-1', 30],
      ['old-2', 20],
      ['old-3', 10],
      ['new', 1],
    ] as const) {
      await insertTestBoard(db, { id, githubProjectId: `PVT_${id}`, addedAt: T - minutesAgo * MINUTE });
      if (id !== 'new')
        await db
          .updateTable('boards')
          .set({ last_synced_at: T - 60 * MINUTE })
          .where('id', '=', id)
          .execute();
    }
    const claim = (limit: number) => claimDueBoards(db, { owner: 'worker', now: T, leaseMs: MINUTE, limit });
    expect((await claim(2)).map((b) => b.id)).toEqual(['new', 'old-1']);
    // The rest in the order they fell due.
    expect((await claim(5)).map((b) => b.id)).toEqual(['old-2', 'old-3']);
  });
});
