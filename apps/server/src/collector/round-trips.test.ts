import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { collectorWorldPerTest, MINUTE, START } from '../testing/collector-sim.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';

const ITEMS = 60;

type TableNode = { kind: string; node?: TableNode; table?: { identifier?: { name?: string } } };

/** `insert items`, `update boards`, `select`…: what each statement does, and to which table. */
function describeStatement(node: RootOperationNode): string {
  const target = node as { into?: TableNode; table?: TableNode; from?: { froms?: TableNode[] } };
  let table = target.into ?? target.table ?? target.from?.froms?.[0];
  if (table?.kind === 'AliasNode') table = table.node;
  return `${node.kind.replace('QueryNode', '').toLowerCase()} ${table?.table?.identifier?.name ?? ''}`.trim();
}

describe.each(await dialectCases())('collector round trips on $name', ({ create }) => {
  const sent: string[] = [];
  const counting = async (): Promise<TestDatabase> => {
    const database = await create();
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        sent.push(describeStatement(args.node));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    return { ...database, handle: { ...database.handle, db: database.handle.db.withPlugin(plugin) } };
  };
  const world = collectorWorldPerTest(counting);

  async function registeredBoard() {
    // Polls only: the statements of webhook deliveries would count too.
    world.sim.webhooks.urls = [];
    const names = Array.from({ length: ITEMS }, (_, i) => [`issue ${i}`, 'Todo'] as const);
    const board = await world.createBoard('fluxion-labs', Object.fromEntries(names));
    const row = await world.register(board.projectId);
    expect(await world.collector().runOnce()).toBe(1);
    return { board, row };
  }

  it('records a new board and a poll of many moves in a few statements, not a few per item', async () => {
    const { board, row } = await registeredBoard();
    const moved = Object.values(board.items).slice(0, 30);
    for (const id of moved) await world.move(id, 'In Progress');
    await world.advance(MINUTE);
    sent.length = 0;
    expect(await world.collector().runOnce()).toBe(1);
    expect(sent.length).toBeLessThan(moved.length);
    const moves = await world.moves(row.id);
    expect(
      moves
        .filter((m) => m.to === 'In Progress')
        .map((m) => m.item)
        .sort(),
    ).toEqual([...moved].sort());
    expect(moves.filter((m) => m.source === 'snapshot')).toHaveLength(ITEMS);
    expect(moves.every((m) => m.at >= START)).toBe(true);
  });

  it('a full listing of an unchanged board writes no item and no move', async () => {
    await registeredBoard();
    await world.advance(world.ctx.config.collectorTiming.fullSyncMs);
    sent.length = 0;
    expect(await world.collector().runOnce()).toBe(1);
    const writes = sent.filter((s) => /^(insert|update|delete) (items|transitions)$/.test(s));
    expect(writes).toEqual([]);
    expect(sent.length).toBeLessThan(ITEMS / 2);
  });
});
