import { describe, expect, it } from 'vitest';
import { hostLacks } from '../github/host-features.ts';
import {
  type CollectorWorld,
  collectorWorldPerTest,
  dialectAndSchemaCases,
  MINUTE,
  type RecordedMove,
  type SimBoard,
  START,
} from '../testing/collector-sim.ts';

/** Where the items stand when the board is added, and the moves made on GitHub afterwards, 5 min apart. */
const INITIAL = { a: 'Todo', b: 'Todo', c: 'In Progress', d: null };
const SCRIPT: [item: string, to: string | null][] = [
  ['a', 'In Progress'],
  ['b', 'In Progress'],
  ['a', 'In Review'],
  ['c', 'Done'],
  ['a', 'In Progress'],
  ['b', 'Done'],
  ['d', 'Todo'],
  ['a', 'Done'],
];
const STEP = 5 * MINUTE;

type Named = Omit<RecordedMove, 'item'> & { item: string };

/** The rows the script must leave: the snapshot at START, then each move once, at the minute it was made. */
function expectedMoves(source: string): Named[] {
  const snapshot: Named[] = Object.entries(INITIAL)
    .filter(([, column]) => column !== null)
    .map(([item, column]) => ({ item, from: null, to: column, at: START, source: 'snapshot' }));
  const where = new Map<string, string | null>(Object.entries(INITIAL));
  const moves = SCRIPT.map(([item, to], i): Named => {
    const from = where.get(item) ?? null;
    where.set(item, to);
    return { item, from, to, at: START + (i + 1) * STEP, source };
  });
  return [...snapshot, ...moves];
}

async function named(world: CollectorWorld, board: SimBoard, boardId: string): Promise<Named[]> {
  const rows = await world.moves(boardId);
  return rows.map((r) => ({ ...r, item: board.names.get(r.item) ?? r.item }));
}

const sortKey = (m: Named) => `${String(m.at).padStart(15, '0')} ${m.item}`;
const sorted = (moves: Named[]) => [...moves].sort((x, y) => sortKey(x).localeCompare(sortKey(y)));

/** Registers a board shaped like INITIAL and takes the snapshot, at START. */
async function addBoard(world: CollectorWorld, owner: string) {
  const board = await world.createBoard(owner, INITIAL);
  const row = await world.register(board.projectId);
  expect(await world.collector().runOnce()).toBe(1);
  const before = (await world.deliveries()).length;
  /** The webhook deliveries since the board was added. */
  const deliveries = async () => (await world.deliveries()).slice(before);
  return { board, boardId: row.id, deliveries };
}

/** Plays the script on GitHub; `afterMove` runs after each move (deliver, poll…). */
async function playScript(world: CollectorWorld, board: SimBoard, afterMove: () => Promise<void>) {
  for (const [i, [item, to]] of SCRIPT.entries()) {
    await world.advance(START + (i + 1) * STEP - world.ctx.now());
    await world.move(board.items[item] ?? '', to);
    await afterMove();
  }
}

async function currentColumns(world: CollectorWorld, boardId: string, board: SimBoard) {
  const rows = await world.ctx.db
    .selectFrom('items')
    .select(['item_id', 'column_name'])
    .where('board_id', '=', boardId)
    .execute();
  return Object.fromEntries(rows.map((r) => [board.names.get(r.item_id), r.column_name]));
}
const FINAL = { a: 'Done', b: 'Done', c: 'Done', d: 'Todo' };

describe.each(await dialectAndSchemaCases())(
  'a scripted sequence of moves on $name, $schema schema',
  ({ create, schema }) => {
    const world = collectorWorldPerTest(create, schema);

    it('is recorded exactly by polling alone (a user-owned board sends no webhooks)', async () => {
      const { board, boardId } = await addBoard(world, 'octo-alice');
      const collector = world.collector();
      await playScript(world, board, async () => {
        await world.advance(1000);
        expect(await collector.runOnce()).toBe(1);
      });
      expect(await world.deliveries()).toEqual([]);
      expect(await named(world, board, boardId)).toEqual(sorted(expectedMoves('poll')));
      expect(await currentColumns(world, boardId, board)).toEqual(FINAL);
      // The same moves where the host has no filtered listing: the full listings' fallback ran.
      const host = world.ctx.config.github.apiUrl.replace(/\/$/, '');
      expect(hostLacks(host, 'filteredItems')).toBe(schema === 'published');
    });

    // Webhooks alone read nothing the schemas differ in: run once.
    it.runIf(schema === 'extended')(
      'is recorded exactly by webhooks alone (an organization board)',
      async () => {
        const { board, boardId, deliveries } = await addBoard(world, 'fluxion-labs');
        await playScript(world, board, () => world.flush());
        expect((await deliveries()).map((d) => d.action)).toEqual(SCRIPT.map(() => 'edited'));
        expect(await named(world, board, boardId)).toEqual(sorted(expectedMoves('webhook')));
        expect(await currentColumns(world, boardId, board)).toEqual(FINAL);
      },
    );

    it('is recorded once when every move arrives both by webhook and by polling, in either order', async () => {
      const { board, boardId } = await addBoard(world, 'fluxion-labs');
      const collector = world.collector();
      let step = 0;
      await playScript(world, board, async () => {
        step += 1;
        await world.flush();
        await world.advance(1000);
        await collector.runOnce();
        // Odd steps: the webhook comes first; even steps: it is held back until after the poll.
        const last = (await world.deliveries()).at(-1);
        if (last?.dropped) await world.redeliver(last.id);
        if (step % 2 === 1) await world.control('/_sim/faults', { type: 'drop-webhooks', count: 1 });
      });
      const expected = expectedMoves('webhook').map((m, i) =>
        // The snapshot is rows 0-2; SCRIPT step n is row n+2: even steps were polled first.
        i >= 3 && (i - 2) % 2 === 0 ? { ...m, source: 'poll' } : m,
      );
      expect(await named(world, board, boardId)).toEqual(sorted(expected));
      expect(await currentColumns(world, boardId, board)).toEqual(FINAL);
    });

    it.runIf(schema === 'extended')(
      'is recorded once when GitHub delivers every webhook twice, and again on redelivery',
      async () => {
        const { board, boardId, deliveries } = await addBoard(world, 'fluxion-labs');
        await world.control('/_sim/faults', { type: 'duplicate-webhooks' });
        await playScript(world, board, () => world.flush());
        const sent = await deliveries();
        expect(sent.filter((d) => d.redelivery)).toHaveLength(SCRIPT.length);
        for (const delivery of sent) await world.redeliver(delivery.id);
        expect(await named(world, board, boardId)).toEqual(sorted(expectedMoves('webhook')));
      },
    );

    it('is recorded exactly when the webhooks arrive in reverse order, and a later poll adds nothing', async () => {
      const { board, boardId, deliveries } = await addBoard(world, 'fluxion-labs');
      await world.control('/_sim/faults', { type: 'drop-webhooks' });
      await playScript(world, board, () => world.flush());
      await world.control('/_sim/faults', undefined, 'DELETE');
      const held = (await deliveries()).filter((d) => d.dropped);
      expect(held).toHaveLength(SCRIPT.length);
      for (const delivery of [...held].reverse()) await world.redeliver(delivery.id);
      expect(await named(world, board, boardId)).toEqual(sorted(expectedMoves('webhook')));
      expect(await currentColumns(world, boardId, board)).toEqual(FINAL);
      await world.advance(MINUTE);
      expect(await world.collector().runOnce()).toBe(1);
      expect(await named(world, board, boardId)).toEqual(sorted(expectedMoves('webhook')));
    });

    it('a poll that saw only the end of two quick moves is completed by their late webhooks', async () => {
      const { board, boardId } = await addBoard(world, 'fluxion-labs');
      await world.control('/_sim/faults', { type: 'drop-webhooks' });
      await world.advance(STEP);
      await world.move(board.items.a ?? '', 'In Progress');
      await world.advance(MINUTE);
      await world.move(board.items.a ?? '', 'Done');
      await world.advance(MINUTE);
      await world.collector().runOnce();
      await world.control('/_sim/faults', undefined, 'DELETE');
      const held = (await world.deliveries()).filter((d) => d.dropped);
      for (const delivery of held) await world.redeliver(delivery.id);
      expect((await named(world, board, boardId)).slice(3)).toEqual([
        { item: 'a', from: 'Todo', to: 'In Progress', at: START + STEP, source: 'webhook' },
        { item: 'a', from: 'In Progress', to: 'Done', at: START + STEP + MINUTE, source: 'poll' },
      ]);
    });
  },
);
