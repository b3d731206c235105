import type { BoardItem } from '@fluxion/flow';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { recordReportedMove } from '../testing/reported-moves.ts';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { snapshotBoardItems } from './compact.ts';
import {
  decodeItems,
  encodeColumns,
  encodeItemParts,
  encodeItems,
  type ItemList,
  allItems,
  itemsOf,
  readItems,
  SnapshotItems,
  type TextsSource,
} from './item-snapshots.ts';
import { loadBoardItems, refreshBoardItems } from './items.ts';
import { markMovesRewritten } from './segments.ts';

const NOW = Date.UTC(2026, 10, 1, 15, 30);
const HOUR = 3_600_000;
const SMALL = { minItems: 100, minChanges: 3 };

const item = fc.record({
  id: fc.string(),
  number: fc.option(fc.integer()),
  title: fc.string(),
  url: fc.option(fc.webUrl()),
  milestone: fc.option(fc.string()),
  labels: fc.array(fc.string()),
  column: fc.option(fc.string()),
  enteredColumnAt: fc.option(fc.integer({ min: 0, max: 2 ** 45 })),
});

describe('item snapshot bytes', () => {
  it('decode what was encoded, typed or as JSON columns', () => {
    fc.assert(
      fc.property(fc.array(item), (items) => {
        expect(decodeItems(encodeItems(items))).toEqual(items);
        expect(decodeItems(encodeColumns(items))).toEqual(items);
        expect(itemsOf(readItems(encodeColumns(items)))).toEqual(items);
      }),
    );
  });

  it('are typed when every number fits an int32 code, else JSON columns', () => {
    const base = { title: 't', url: null, milestone: null, labels: [], column: null, enteredColumnAt: null };
    const format = (number: number | null) =>
      JSON.parse(encodeItems([{ ...base, id: 'a', number }])).format as string;
    expect([1, null, -5, 2 ** 31 - 1].map(format)).toEqual(['typed', 'typed', 'typed', 'typed']);
    expect([2 ** 31, -(2 ** 31), 1.5, -0].map(format)).toEqual(['columns', 'columns', 'columns', 'columns']);
  });

  it('read as columns, the titles and URLs parsed only when the items are made, URLs by runs', () => {
    const url = fc.option(
      fc.oneof(
        fc.webUrl(),
        fc.tuple(fc.constantFrom('a/b', 'c/d'), fc.nat()).map(([r, n]) => `https://x/${r}/issues/${n}`),
        fc.constantFrom('https://x/a/b/issues/', '7', 'https://x/a/b/issues/1x'),
      ),
    );
    const withRuns = fc.array(fc.tuple(item, url).map(([i, u]) => ({ ...i, url: u })));
    // The same value for URLs that differ only in the number after their last '/'.
    const of = (u: string) => u.replace(/\/\d+$/, '/#');
    fc.assert(
      fc.property(withRuns, (items) => {
        for (const encode of [encodeItems, encodeColumns]) {
          const list = readItems(encode(items));
          expect(list).toBeInstanceOf(SnapshotItems);
          const byUrl = (list as SnapshotItems).byUrl(of, null);
          expect(byUrl).toEqual(items.map((i) => (i.url === null ? null : of(i.url))));
          const { ids, columns, entered } = list as SnapshotItems;
          expect({ ids, columns, entered: [...entered].map((at) => (Number.isNaN(at) ? null : at)) }).toEqual(
            {
              ids: items.map((i) => i.id),
              columns: items.map((i) => i.column),
              entered: items.map((i) => i.enteredColumnAt),
            },
          );
          expect(itemsOf(list)).toEqual(items);
          expect(itemsOf(list)).toBe(itemsOf(list));
        }
      }),
    );
  });

  it('keep the titles and URLs apart, read when asked: their own text, else the rows', async () => {
    const url = fc.option(
      fc.tuple(fc.constantFrom('a/b', 'c/d'), fc.nat()).map(([r, n]) => `https://x/${r}/issues/${n}`),
    );
    const board = fc.array(
      fc.tuple(item, url, fc.option(fc.integer({ min: -1000, max: 1000 }))).map(([i, u, number]) => ({
        ...i,
        url: u,
        number,
      })),
    );
    const repository = (u: string) => u.replace(/\/\d+$/, '');
    await fc.assert(
      fc.asyncProperty(board, async (items) => {
        const stored = encodeItemParts(items);
        expect(stored.texts).not.toBeNull();
        expect(stored.items).not.toContain('"title":');
        let fromRows = 0;
        const source = (texts: string | null): TextsSource => ({
          stored: async () => texts,
          fromRows: async (ids) => {
            fromRows++;
            expect(ids).toEqual(items.map((i) => i.id));
            return { title: items.map((i) => i.title), url: items.map((i) => i.url) };
          },
        });
        const list = readItems(stored.items, source(stored.texts)) as SnapshotItems;
        expect(list.textsRead).toBe(false);
        expect(() => list.all()).toThrow(/not read/);
        expect(list.byUrl(repository, null)).toEqual(items.map((i) => i.url && repository(i.url)));
        await list.readTexts();
        expect(list.all()).toEqual(items);
        expect(fromRows).toBe(0);
        // Texts of another snapshot (taken again since this one's text was read), or none: the rows'.
        const other = JSON.stringify({ ...JSON.parse(stored.texts as string), key: 'ffffffffffffffff' });
        for (const texts of [other, null])
          expect(await allItems(readItems(stored.items, source(texts)))).toEqual(items);
        expect(fromRows).toBe(2);
      }),
    );
  });

  it('apart, make no item when the URLs read are not those the repositories were read from', async () => {
    const items = ['a/b', 'c/d'].map((r, n) => ({
      id: `${n}`,
      number: n,
      title: 't',
      url: `https://x/${r}/issues/${n}`,
      milestone: null,
      labels: [],
      column: null,
      enteredColumnAt: null,
    }));
    const stored = encodeItemParts(items);
    const swapped = (stored.texts as string).replace('c/d', 'a/b');
    const source = { stored: async () => swapped, fromRows: () => Promise.reject(new Error('not asked')) };
    await expect(allItems(readItems(stored.items, source))).rejects.toThrow(/runs/);
    // From rows, the snapshot taken again meanwhile: an item changed since may have moved (it shows
    // nothing, a refresh reads it again); one not changed must still be where its run says.
    const moved = ['https://x/a/b/issues/0', 'https://x/e/f/issues/9'];
    const fromRows = (changed: number[]) => ({
      stored: async () => null,
      fromRows: async () => ({ title: ['t', 'now'], url: [...moved], changed: Uint8Array.from(changed) }),
    });
    const made = await allItems(readItems(stored.items, fromRows([0, 1])));
    expect(made.map((i) => [i.title, i.url])).toEqual([
      ['t', 'https://x/a/b/issues/0'],
      ['', null],
    ]);
    await expect(allItems(readItems(stored.items, fromRows([0, 0])))).rejects.toThrow(/runs/);
  });

  it('store their URLs’ runs, read only when the URLs’ text is theirs', () => {
    const urls = [
      'https://x/a/b/issues/1',
      'https://x/a/b/pull/2',
      'https://x/a/b/pull/30',
      null,
      null,
      'https://x/c/d/issues/4',
    ];
    const items = urls.map((url, n) => ({
      id: `${n}`,
      number: n,
      title: 't',
      url,
      milestone: null,
      labels: [],
      column: null,
      enteredColumnAt: null,
    }));
    const text = encodeItems(items);
    /** Runs starting at `starts`, each with its first item's URL. */
    const at = (...starts: number[]) => starts.map((start) => [start, urls[start]]);
    /** The stored runs with run `r`'s URL changed. */
    const changed = (r: number, url: unknown) =>
      at(0, 1, 3, 5).map((run, i) => (i === r ? [run[0], url] : run));
    expect(JSON.parse(text).runs).toEqual(at(0, 1, 3, 5));
    const withRuns = (runs: unknown) => JSON.stringify({ ...JSON.parse(text), runs });
    const repository = (u: string) => u.split('/').slice(3, 5).join('/');
    /** Each item's repository, and how many runs gave them (`of` is called once a run). */
    const read = (snapshot: string) => {
      let calls = 0;
      const list = readItems(snapshot) as SnapshotItems;
      const each = list.byUrl((u) => {
        calls++;
        return repository(u);
      }, null);
      expect(itemsOf(list)).toEqual(items);
      return { each, calls };
    };
    const truth = ['a/b', 'a/b', 'a/b', null, null, 'c/d'];
    expect(read(text)).toEqual({ each: truth, calls: 3 });
    // Runs the URLs' text bears out are used as stored (here one split in two)…
    expect(read(withRuns(at(0, 1, 2, 3, 5)))).toEqual({ each: truth, calls: 4 });
    // …others are not: the URLs are scanned, as for a snapshot that stored none.
    for (const runs of [
      undefined,
      'runs',
      [],
      at(0),
      at(0, 3, 5),
      at(1, 3, 5),
      at(0, 1, 3, 4),
      at(0, 1, 1, 3, 5),
      [...at(0, 1, 3, 5), [6, null]],
      changed(1, 'https://x/c/d/pull/2'),
      changed(1, 'https://x/a/b/pull/.*'),
      changed(2, 'null'),
      changed(3, null),
    ])
      expect(read(withRuns(runs)), JSON.stringify(runs)).toEqual({ each: truth, calls: 3 });
  });

  it('read URLs with an escape whole', () => {
    const items = [0, 1].map((n) => ({
      id: `${n}`,
      number: n,
      title: 't',
      url: `https://x/a\\b/issues/${n}`,
      milestone: null,
      labels: [],
      column: null,
      enteredColumnAt: null,
    }));
    const list = readItems(encodeColumns(items));
    expect(Array.isArray(list)).toBe(true);
    expect(itemsOf(list)).toEqual(items);
    // A typed snapshot reads such URLs whole for their runs.
    const typed = readItems(encodeItems(items)) as SnapshotItems;
    const run = (u: string) => u.replace(/\/\d+$/, '');
    expect(typed.byUrl(run, null)).toEqual(items.map((i) => run(i.url)));
    expect(itemsOf(typed)).toEqual(items);
  });

  it('read snapshots written before the columns (one array an item)', () => {
    const asRows = (items: readonly BoardItem[]) =>
      JSON.stringify(
        items.map((i) => [
          i.id,
          i.number,
          i.title,
          i.url,
          i.milestone,
          i.labels,
          i.column,
          i.enteredColumnAt,
        ]),
      );
    fc.assert(
      fc.property(fc.array(item), (items) => {
        expect(decodeItems(asRows(items))).toEqual(items);
      }),
    );
  });

  it('are columns, items with the same labels sharing one list', () => {
    const items = ['a', 'b', 'c'].map((id, n) => ({
      id,
      number: n,
      title: id,
      url: null,
      milestone: null,
      labels: n < 2 ? ['bug'] : [],
      column: 'Doing',
      enteredColumnAt: n,
    }));
    const text = encodeItems(items);
    expect(JSON.parse(text)).toMatchObject({
      format: 'typed',
      id: ['a', 'b', 'c'],
      columns: ['Doing'],
      sets: [['bug'], []],
    });
    const [a, b] = decodeItems(text);
    expect(a?.labels).toBe(b?.labels);
    const columns = encodeColumns(items);
    expect(JSON.parse(columns)).toMatchObject({ format: 'columns', id: ['a', 'b', 'c'], labels: [0, 0, 1] });
    const [c, d] = decodeItems(columns);
    expect(c?.labels).toBe(d?.labels);
  });

  it('refuse what is not a snapshot', () => {
    const columns = JSON.parse(
      encodeColumns([
        {
          id: 'a',
          number: 1,
          title: 't',
          url: null,
          milestone: null,
          labels: [],
          column: null,
          enteredColumnAt: null,
        },
      ]),
    );
    for (const text of [
      '{}',
      '[[1]]',
      '[["a", null, "t", null, null, [1], null, null]]',
      'not json',
      JSON.stringify({ ...columns, labels: [1] }),
      JSON.stringify({ ...columns, title: [] }),
      JSON.stringify({ ...columns, assignees: [2] }),
      JSON.stringify({ ...columns, format: 'rows' }),
      JSON.stringify(columns).replace('"title":["t"]', '"title":["t",1]'),
      JSON.stringify(columns).replace('"title":["t"]', '"title":["t"'),
      JSON.stringify(columns).replace('"url":[null]', '"url":[null,null]'),
      JSON.stringify(columns).replace('"url":[null]', '"url":[nul]'),
    ]) {
      expect(() => decodeItems(text), text).toThrow();
      expect(() => readItems(text), text).toThrow();
    }
  });

  it('refuse a typed snapshot whose bytes or lists are not its items’', () => {
    const items = ['a', 'b'].map((id, n) => ({
      id,
      number: n,
      title: id,
      url: null,
      milestone: n ? 'v1' : null,
      labels: ['bug'],
      column: 'Doing',
      enteredColumnAt: n,
      assignees: n ? ['me'] : undefined,
    }));
    const text = encodeItems(items);
    const typed = JSON.parse(text);
    expect(typed.format).toBe('typed');
    expect(decodeItems(text)).toEqual(
      items.map(({ assignees, ...i }) => (assignees ? { ...i, assignees } : i)),
    );
    const bytes = () => Buffer.from(typed.bytes, 'base64');
    /** The snapshot with its bytes changed by `change`. */
    const withBytes = (change: (b: Buffer) => Buffer) =>
      JSON.stringify({ ...typed, bytes: change(bytes()).toString('base64') });
    const n = items.length;
    const codeAt = (column: number, i: number) => 8 + 8 * n + 4 * n * column + 4 * i;
    const set = (at: number, value: number) => (b: Buffer) => {
      b.writeInt32LE(value, at);
      return b;
    };
    for (const corrupt of [
      withBytes((b) => b.subarray(0, b.length - 1)),
      withBytes((b) => Buffer.concat([b, Buffer.alloc(4)])),
      withBytes((b) => Buffer.from([2, ...b.subarray(1)])),
      withBytes((b) => Buffer.from([1, 2, ...b.subarray(2)])),
      withBytes(set(4, 3)),
      withBytes(set(codeAt(1, 0), 1)), // a column code past the columns
      withBytes(set(codeAt(2, 1), -2)), // a milestone code
      withBytes(set(codeAt(3, 0), -1)), // labels have no "none"
      withBytes(set(codeAt(4, 1), 2)), // an assignees code past the sets
      JSON.stringify({ ...typed, bytes: `${typed.bytes.slice(0, -4)}!!!!` }),
      JSON.stringify({ ...typed, id: ['a'] }),
      JSON.stringify({ ...typed, columns: [1] }),
      JSON.stringify({ ...typed, sets: [['bug', 2]] }),
      JSON.stringify({ ...typed, title: ['a'] }),
      JSON.stringify({ ...typed, url: [null] }),
      JSON.stringify({ ...typed, relations: [null] }),
      text.replace('"title":["a","b"]', '"title":["a",2]'),
      text.slice(0, -2),
    ]) {
      expect(() => itemsOf(readItems(corrupt)), corrupt).toThrow();
      expect(() => decodeItems(corrupt), corrupt).toThrow();
    }
  });
});

const sorted = async (items: ItemList) => [...(await allItems(items))].sort((a, b) => (a.id < b.id ? -1 : 1));

describe.each(await dialectCases())('snapshots of a board’s items ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const { ctx } = await buildTestApp(database, { clock: testClock(NOW) });
  const db = ctx.db;
  const boardId = await ensureDemoBoard(ctx, { live: false });

  /** A load through the snapshot holds exactly the items a load of rows alone holds. */
  async function expectLoadEqualsRows() {
    const loaded = await loadBoardItems(db, boardId);
    const rows = await loadBoardItems(db, boardId, false);
    expect(await sorted(loaded.items)).toEqual(await sorted(rows.items));
    expect(loaded.seq).toBe(rows.seq);
    return { loaded, all: rows.read };
  }

  const moveOne = async (column: string, to: string | null, n: number) => {
    const onBoard = (await loadBoardItems(db, boardId, false)).items;
    const chosen = onBoard.find((i) => i.column === column);
    if (!chosen) throw new Error(`no item in ${column}`);
    const move = { itemId: chosen.id, from: column, to, at: NOW - HOUR + n, source: 'webhook' as const };
    expect(await recordReportedMove(db, boardId, move, NOW)).toBe(true);
  };

  it('is not taken for a board with fewer items than the threshold', async () => {
    expect(await snapshotBoardItems(db, boardId, { now: NOW })).toBe(false);
    expect((await expectLoadEqualsRows()).loaded.read).toBeGreaterThan(100);
  });

  it('serves a first load, which then reads only the items changed since', async () => {
    expect(await snapshotBoardItems(db, boardId, { ...SMALL, now: NOW })).toBe(true);
    expect((await expectLoadEqualsRows()).loaded.read).toBe(0);
    await moveOne('Ready', 'In Progress', 1);
    await moveOne('Backlog', null, 2); // leaves the board
    const { loaded } = await expectLoadEqualsRows();
    expect(loaded.read).toBe(2);
    // Two changes are fewer than minChanges: the snapshot stays; the third makes it due again.
    expect(await snapshotBoardItems(db, boardId, { ...SMALL, now: NOW })).toBe(false);
    await moveOne('Ready', 'In Progress', 3);
    expect(await snapshotBoardItems(db, boardId, { ...SMALL, now: NOW })).toBe(true);
    expect((await expectLoadEqualsRows()).loaded.read).toBe(0);
  });

  it('is set aside after a rewrite of the board, and taken again', async () => {
    await markMovesRewritten(db, boardId);
    const { loaded, all } = await expectLoadEqualsRows();
    expect(loaded.read).toBe(all);
    expect(await snapshotBoardItems(db, boardId, { ...SMALL, now: NOW })).toBe(true);
    expect((await expectLoadEqualsRows()).loaded.read).toBe(0);
  });

  it('keeps its titles and URLs apart: read when asked, from the rows when they are gone', async () => {
    const { texts } = await db.selectFrom('item_snapshots').select('texts').executeTakeFirstOrThrow();
    expect(texts).toMatch(/^\{"key":"[0-9a-f]{16}","title":\[/);
    const list = (await loadBoardItems(db, boardId)).items as SnapshotItems;
    expect(list.textsRead).toBe(false);
    await db.updateTable('item_snapshots').set({ texts: null }).execute();
    expect(await sorted(list)).toEqual(await sorted((await loadBoardItems(db, boardId, false)).items));
    // Gone, and an item changed since: it shows nothing of its own (a refresh reads it again), the rest as rows.
    await db.updateTable('item_snapshots').set({ texts }).execute();
    const before = (await loadBoardItems(db, boardId)).items as SnapshotItems;
    await db.updateTable('item_snapshots').set({ texts: null }).execute();
    await moveOne('Backlog', 'Ready', 21);
    const made = await allItems(before);
    const rows = new Map((await loadBoardItems(db, boardId, false)).items.map((i) => [i.id, i]));
    expect(made.filter((i) => i.title === '' && i.url === null)).toHaveLength(1);
    for (const item of made.filter((i) => i.title !== '')) expect(item.title).toBe(rows.get(item.id)?.title);
  });

  it('refreshes a version twice, from its map updated in place by the first, leaving both answers as they were', async () => {
    const rows = () => loadBoardItems(db, boardId, false);
    const first = await rows();
    const firstItems = await sorted(first.items);
    await moveOne('Ready', 'In Progress', 11);
    const second = await refreshBoardItems(db, boardId, first);
    expect(await sorted(second.items)).toEqual(await sorted((await rows()).items));
    await moveOne('Backlog', null, 12);
    const third = await refreshBoardItems(db, boardId, second);
    const thirdItems = await sorted(third.items);
    expect(thirdItems).toEqual(await sorted((await rows()).items));
    await moveOne('Ready', null, 13);
    const again = await refreshBoardItems(db, boardId, first);
    expect(await sorted(again.items)).toEqual(await sorted((await rows()).items));
    expect(again.read).toBe(3);
    expect(await sorted(first.items)).toEqual(firstItems);
    expect(await sorted(third.items)).toEqual(thirdItems);
    expect(await sorted([...(third.byId ?? new Map()).values()])).toEqual(thirdItems);
  });

  it('is set aside when it does not read', async () => {
    const { payload } = await db.selectFrom('item_snapshots').select('payload').executeTakeFirstOrThrow();
    expect(payload.startsWith('{"format":"typed","bytes":"')).toBe(true);
    // Typed bytes of the wrong length, then text that is no snapshot: both load from rows.
    for (const corrupt of [payload.replace('"bytes":"AQ', '"bytes":"AQAA'), '[["x"]]']) {
      await db.updateTable('item_snapshots').set({ payload: corrupt }).execute();
      const { loaded, all } = await expectLoadEqualsRows();
      expect(loaded.read).toBe(all);
    }
  });
});
