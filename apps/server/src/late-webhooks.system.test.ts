import { describe, expect, it } from 'vitest';
import type { SchedulePolicy } from './collector/schedule.ts';
import { COLUMNS, collectorWorldPerTest, MINUTE, SECOND } from './testing/collector-sim.ts';
import { dialectCases } from './testing/databases.ts';
import { movesMade, type SimDelivery } from './testing/scale-out/github-moves.ts';

/**
 * Late webhooks (same-move.ts), randomized: the real app and the GitHub simulator over real HTTP,
 * on both databases, with many moves of a few items a second or a few apart. A third of the webhooks are
 * held back and delivered 3–6 s late, so out of order with the moves made after them; a few are delivered
 * twice; polls run every 5 s (a full listing every 30 s) and see only the end of what the held webhooks
 * tell. No move may be lost or doubled against the moves GitHub made, and every item's log must end in
 * the column GitHub shows. Seeded: a failure replays.
 */
const ITEMS = 6;
const MOVES = 120;
/** About 20 s a database on 2 shared cores. */
const SEED = 19;
const POLICY: SchedulePolicy = {
  pollIntervalMs: 5 * SECOND,
  fullSyncIntervalMs: 30 * SECOND,
  maxBackoffMs: 60 * MINUTE,
  minRateLimitRemaining: 0,
};

/** A small seeded generator (mulberry32): the same seed, the same run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(await dialectCases())('late webhooks, randomized, on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);

  it(`${MOVES} moves: none lost or doubled, every log ends where GitHub shows the item`, async () => {
    const next = random(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const items = Object.fromEntries(Array.from({ length: ITEMS }, (_, i) => [`item-${i}`, 'Todo']));
    const board = await world.createBoard('fluxion-labs', items);
    const row = await world.register(board.projectId);
    const collector = world.collector({ policy: POLICY });
    expect(await collector.runOnce()).toBe(1);
    const itemIds = Object.values(board.items);
    const firstDelivery = (await world.deliveries()).length;
    const where = new Map(itemIds.map((id) => [id, 'Todo']));
    /** Held deliveries and when (the app's clock) each is to arrive. */
    let held: { id: string; due: number }[] = [];
    const deliverDue = async (all = false) => {
      const due = held.filter((h) => all || h.due <= world.ctx.now());
      held = held.filter((h) => !due.includes(h));
      // Those due together arrive in any order.
      for (const h of due.sort(() => next() - 0.5)) {
        await world.redeliver(h.id);
        // Now and then GitHub delivers one twice.
        if (next() < 0.1) await world.redeliver(h.id);
      }
    };

    let late = 0;
    for (let n = 0; n < MOVES; n += 1) {
      await world.advance(pick([1, 1, 2, 3, 4]) * SECOND);
      const itemId = pick(itemIds);
      const to = pick(COLUMNS.filter((c) => c !== where.get(itemId)));
      where.set(itemId, to);
      const hold = next() < 1 / 3;
      if (hold) await world.control('/_sim/faults', { type: 'drop-webhooks', count: 1 });
      await world.move(itemId, to);
      await world.flush();
      if (hold) {
        const delivery = (await world.deliveries()).at(-1);
        expect(delivery?.dropped).toBe(true);
        held.push({ id: delivery?.id ?? '', due: world.ctx.now() + (3 + Math.floor(next() * 4)) * SECOND });
        late += 1;
      }
      await deliverDue();
      await collector.runOnce();
    }
    await deliverDue(true);
    await world.advance(POLICY.fullSyncIntervalMs);
    expect(await collector.runOnce()).toBe(1);

    const deliveries = (await world.deliveries()).slice(firstDelivery) as unknown as SimDelivery[];
    const truth = movesMade(deliveries, itemIds);
    expect([...truth.values()].flat()).toHaveLength(MOVES);
    expect(late).toBeGreaterThan(MOVES / 5);
    const rows = await world.ctx.db
      .selectFrom('transitions')
      .select(['item_id', 'from_column', 'to_column'])
      .where('board_id', '=', row.id)
      .where('source', 'in', ['webhook', 'poll'])
      .orderBy('at')
      .orderBy('id')
      .execute();
    const recorded = new Map(itemIds.map((id) => [id, [] as string[]]));
    for (const r of rows) recorded.get(r.item_id)?.push(`${r.from_column ?? '-'} → ${r.to_column ?? '-'}`);
    expect(recorded).toEqual(truth);

    const github = await world.control<{ items: { id: string; status: string | null }[] }>(
      `/_sim/projects/${board.projectId}`,
      undefined,
      'GET',
    );
    const shown = Object.fromEntries(github.items.map((i) => [i.id, i.status]));
    const stored = await world.ctx.db
      .selectFrom('items')
      .select(['item_id', 'column_name'])
      .where('board_id', '=', row.id)
      .execute();
    expect(Object.fromEntries(stored.map((i) => [i.item_id, i.column_name]))).toEqual(shown);
    const lastLogged = Object.fromEntries(
      [...recorded].map(([id, moves]) => [id, moves.at(-1)?.split(' → ')[1] ?? 'Todo']),
    );
    expect(lastLogged).toEqual(shown);
  }, 45_000);
});
