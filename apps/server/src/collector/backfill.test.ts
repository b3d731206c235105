import { describe, expect, it } from 'vitest';
import { collectorWorldPerTest, DAY, HOUR, START } from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';

describe.each(await dialectCases())('history backfill on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);

  it('imports past moves marked backfill, once, and drops snapshots its history already explains', async () => {
    // The import itself, from a host that wrote every event (GitHub before 24 Sep 2026): the simulator's
    // default loses most of them, as GitHub does now (analytics/partial-board.test.ts covers that).
    await world.control('/_sim/quirks', { timelineEventLoss: 0 });
    const board = await world.createBoard('fluxion-labs', { a: 'Todo', b: 'Todo' });
    const a = board.items.a ?? '';
    await world.control(`/_sim/items/${a}/move`, { status: 'In Progress', at: START - DAY });
    await world.control(`/_sim/items/${a}/move`, { status: 'In Review', at: START - HOUR });
    await world.flush();
    const row = await world.register(board.projectId);
    await world.collector({ backfill: true }).runOnce();

    const moves = await world.moves(row.id);
    const ofA = moves.filter((m) => m.item === a);
    expect(ofA.map((m) => [m.from, m.to, m.at, m.source])).toEqual(
      expect.arrayContaining([
        ['Todo', 'In Progress', START - DAY, 'backfill'],
        ['In Progress', 'In Review', START - HOUR, 'backfill'],
      ]),
    );
    expect(ofA.some((m) => m.source === 'snapshot')).toBe(false);
    expect(moves.filter((m) => m.at < row.added_at).every((m) => m.source === 'backfill')).toBe(true);
    const items = await world.ctx.db.selectFrom('items').select(['item_id', 'column_name']).execute();
    for (const item of items) {
      const last = moves.filter((m) => m.item === item.item_id).at(-1);
      expect(last?.to, item.item_id).toBe(item.column_name);
    }
    expect((await world.board(row.id)).backfilled_at).not.toBeNull();

    await world.advance(DAY);
    await world.collector({ backfill: true }).runOnce();
    expect(await world.moves(row.id)).toEqual(moves);
  });
});
