import type { BoardItem } from '@fluxion/flow';
import { afterAll, describe, expect, it } from 'vitest';
import { takeItemSeq } from '../boards/repository.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { itemsNamingParents, loadBoardItems, type ParentsNamed, readLeftItems } from './items.ts';
import type { ItemRelations } from './moves.ts';
import { upsertItemMetadata } from './writes.ts';

const NOW = Date.UTC(2026, 10, 1, 15, 30);

/**
 * Lead time reads no item on a board whose items name no parent (analytics/lead-time-service.ts): the
 * check must see every parent the items hold, on the board or gone, whether it reads them all or only
 * those changed since its previous answer.
 */
describe.each(await dialectCases())('items naming a parent ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  const db = ctx.db;
  const boardId = await ensureDemoBoard(ctx, { live: false });

  /** What the loaded items say: any of them, on the board or gone, has a parent. */
  const itemsSay = async () => {
    const all = [...(await loadBoardItems(db, boardId, false)).items, ...(await readLeftItems(db, boardId))];
    return all.some((item) => item.parent);
  };

  /** Writes the items' relations as the collector does (a listing), each with `parent`. */
  const relate = async (items: BoardItem[], parent: (item: BoardItem) => ItemRelations['parent']) => {
    const metadata = items.map((item) => ({
      itemId: item.id,
      number: item.number,
      title: item.title,
      url: item.url,
      contentType: 'Issue',
      milestone: item.milestone,
      labels: [...item.labels],
      ...(item.contentId ? { contentId: item.contentId } : {}),
      relations: { parent: parent(item), subIssues: null },
    }));
    await upsertItemMetadata(db, boardId, metadata, NOW, await takeItemSeq(db, boardId));
  };

  let previous: ParentsNamed;

  it('sees the parents of a board whose items name some', async () => {
    expect(await itemsSay()).toBe(true);
    previous = await itemsNamingParents(db, boardId, null);
    expect(previous.any).toBe(true);
  });

  it('sees none once no item names a parent, and one named later among the items changed since', async () => {
    const all = [...(await loadBoardItems(db, boardId, false)).items, ...(await readLeftItems(db, boardId))];
    await relate(all, () => null);
    expect(await itemsSay()).toBe(false);
    previous = await itemsNamingParents(db, boardId, null);
    expect(previous.any).toBe(false);
    expect((await itemsNamingParents(db, boardId, previous)).any).toBe(false);

    const [parent, child] = all;
    if (!parent?.contentId || !child) throw new Error('the demo board has no issue');
    const issue = {
      contentId: parent.contentId,
      number: parent.number ?? 1,
      repository: 'acme/app',
      title: parent.title,
      url: parent.url ?? 'https://github.com/acme/app/issues/1',
      closed: false,
    };
    await relate([child], () => issue);
    expect(await itemsSay()).toBe(true);
    expect((await itemsNamingParents(db, boardId, previous)).any).toBe(true);
    expect((await itemsNamingParents(db, boardId, null)).any).toBe(true);
  });
});
