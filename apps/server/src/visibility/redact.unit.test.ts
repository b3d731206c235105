import { type BoardItem, everyItem, isContentless } from '@fluxion/flow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeItemParts,
  encodeItems,
  itemsOf,
  readItems,
  SnapshotItems,
} from '../move-log/item-snapshots.ts';
import {
  itemRepository,
  PRIVATE_ITEM_TITLE,
  redactForViewer,
  repositoriesOf,
  SEES_EVERYTHING,
  showsContent,
  visibilityOf,
} from './redact.ts';

const item = (id: string, url: string | null): BoardItem => ({
  id,
  number: url ? 7 : null,
  title: `title ${id}`,
  url,
  milestone: url ? 'M1' : null,
  labels: url ? ['bug'] : [],
  column: 'Doing',
  enteredColumnAt: 1_000,
});

describe('itemRepository', () => {
  it('reads owner/name from issue and pull request URLs, on github.com and an Enterprise host', () => {
    expect(itemRepository('https://github.com/acme/api/issues/12')).toBe('acme/api');
    expect(itemRepository('https://github.com/acme/api/pull/3')).toBe('acme/api');
    expect(itemRepository('https://ghe.example.com/acme/web/issues/1')).toBe('acme/web');
    expect(itemRepository(null)).toBeNull();
  });

  it("answers '?' (a repository nobody reads: the item stays private) for an URL of another shape", () => {
    for (const url of [
      'not a url',
      'https://github.com/acme',
      'https://github.com/acme/api/wiki/x',
      'https://x/a/b/issues/x',
    ])
      expect(itemRepository(url), url).toBe('?');
  });

  it("finds each item's repository as itemRepository does, whatever the URL before it", () => {
    const urls = [
      '7',
      'https://github.com/acme/api/issues/1',
      'https://github.com/acme/api/issues/2',
      'https://github.com/acme/api/issues/2x',
      'https://github.com/acme/api/issues/',
      'https://github.com/acme/api/pull/3',
      'https://github.com/acme/api/issues/4',
      'https://github.com/acme/vault/issues/4',
      'https://x/a/b/issues/x',
      'https://x/a/b/issues/5',
      'not a url',
      '8',
    ];
    const items = urls.map((url, i) => item(String(i), url));
    const expected = [...new Set(urls.map(itemRepository))];
    expect(repositoriesOf(items).sort()).toEqual(['?', 'a/b', 'acme/api', 'acme/vault']);
    expect(repositoriesOf(items).sort()).toEqual(expected.sort());
    const { hidden } = redactForViewer(items, visibilityOf(repositoriesOf(items), new Set(['acme/vault'])));
    for (const [i, url] of urls.entries())
      expect(hidden.has(String(i)), url).toBe(itemRepository(url) !== 'acme/vault');
  });
});

describe('redactForViewer', () => {
  const items = [
    item('a', 'https://github.com/acme/api/issues/1'),
    item('b', 'https://github.com/acme/vault/issues/2'),
    item('draft', null),
  ];

  it('keeps id, column and times of an unreadable repository’s item and replaces all its content', () => {
    const visibility = visibilityOf(repositoriesOf(items), new Set(['acme/api']));
    const { items: viewed, hidden } = redactForViewer(items, visibility);
    const [a, b, draft] = everyItem(viewed);
    expect([...hidden]).toEqual(['b']);
    expect(a).toBe(items[0]);
    expect(draft).toBe(items[2]);
    expect(b).toEqual({
      id: 'b',
      number: null,
      title: PRIVATE_ITEM_TITLE,
      url: null,
      milestone: null,
      labels: [],
      column: 'Doing',
      enteredColumnAt: 1_000,
    });
  });

  it('gives an unchanged item the same private form at the next board version, and a changed one a new form', () => {
    const visibility = visibilityOf(repositoriesOf(items), new Set(['acme/api']));
    const view = redactForViewer(items, visibility);
    const [, before] = everyItem(view.items);
    const moved = { ...(items[1] as BoardItem), column: 'Done', enteredColumnAt: 2_000 };
    const previous = { source: items, view };
    const viewedWith = (list: BoardItem[]) => everyItem(redactForViewer(list, visibility, previous).items);
    const [, same] = viewedWith([...items]);
    const [, changed] = viewedWith([items[0] as BoardItem, moved]);
    const [gone, kept] = viewedWith([items[1] as BoardItem]);
    expect(gone).toBe(before);
    expect(kept).toBeUndefined();
    expect(same).toBe(before);
    expect(changed).not.toBe(before);
    expect(changed).toMatchObject({
      id: 'b',
      title: PRIVATE_ITEM_TITLE,
      column: 'Done',
      enteredColumnAt: 2_000,
    });
  });

  it('shares one key between viewers who see the same items, and none ("") when they see them all', () => {
    const repositories = repositoriesOf(items);
    expect(repositories.sort()).toEqual(['acme/api', 'acme/vault']);
    expect(visibilityOf(repositories, new Set(repositories))).toBe(SEES_EVERYTHING);
    const one = visibilityOf(repositories, new Set(['acme/api']));
    const same = visibilityOf(repositories, new Set(['acme/api', 'other/repo']));
    const none = visibilityOf(repositories, new Set());
    expect(one.key).not.toBe('');
    expect(same.key).toBe(one.key);
    expect(none.key).not.toBe(one.key);
    expect(redactForViewer(items, SEES_EVERYTHING).items).toBe(items);
    expect(redactForViewer(items, SEES_EVERYTHING).hidden.size).toBe(0);
  });
});

describe("a snapshot's items not made into objects", () => {
  const repositories = ['acme/api', 'acme/vault', 'other/web'];
  const url = fc.oneof(
    fc.constant(null),
    fc.constant('not a url'),
    fc
      .tuple(fc.constantFrom(...repositories), fc.constantFrom('issues', 'pull'), fc.nat(120))
      .map(([repository, kind, n]) => `https://github.com/${repository}/${kind}/${n}`),
  );
  const board = fc
    .array(url, { maxLength: 30 })
    .map((urls) =>
      urls.map((u, i) => ({ ...item(`i${i}`, u), title: `"${i}" \\ ${u}`, column: i % 2 ? 'Doing' : null })),
    );

  it('are viewed as the same items made into objects are, whatever the viewer may read', () => {
    fc.assert(
      fc.property(board, fc.subarray(repositories), (items, readable) => {
        const list = readItems(encodeItems(items));
        expect(list).toBeInstanceOf(SnapshotItems);
        expect(repositoriesOf(list)).toEqual(repositoriesOf(items));
        const visibility = visibilityOf(repositoriesOf(items), new Set(readable));
        const lazy = redactForViewer(list, visibility);
        const made = redactForViewer(items, visibility);
        expect(JSON.stringify(everyItem(lazy.items))).toBe(JSON.stringify(made.items));
        expect([...lazy.hidden].sort()).toEqual([...made.hidden].sort());
        expect(JSON.stringify(itemsOf(list))).toBe(JSON.stringify(items));
      }),
    );
  });

  it('kept apart from their titles and URLs, read those only for a viewer shown some item’s content', async () => {
    await fc.assert(
      fc.asyncProperty(board, fc.subarray(repositories), async (items, readable) => {
        const stored = encodeItemParts(items);
        let asked = 0;
        const source = {
          stored: async () => {
            asked++;
            return stored.texts;
          },
          fromRows: () => Promise.reject(new Error('the texts are stored')),
        };
        const list = readItems(stored.items, source);
        const visibility = visibilityOf(repositoriesOf(items), new Set(readable));
        if (showsContent(list, visibility)) await (list as SnapshotItems).readTexts();
        const lazy = redactForViewer(list, visibility);
        const made = redactForViewer(items, visibility);
        expect(JSON.stringify(everyItem(lazy.items))).toBe(JSON.stringify(made.items));
        const seesNone =
          visibility.readable !== 'all' && items.length > 0 && made.hidden.size === items.length;
        expect(asked).toBe(seesNone || stored.texts === null ? 0 : 1);
      }),
    );
  });

  it('make no item for a viewer who may read none of their repositories', () => {
    const items = [item('a', 'https://github.com/acme/vault/issues/1'), item('b', 'x')];
    const list = readItems(encodeItems(items)) as SnapshotItems;
    const { items: viewed, hidden } = redactForViewer(list, visibilityOf(repositoriesOf(list), new Set()));
    expect(list.made()).toBeNull();
    // Columns: each item's private form made when asked for, the same as the whole list's.
    expect(isContentless(viewed) && viewed.ids).toEqual(['a', 'b']);
    const forms = everyItem(viewed);
    expect(forms.map((i) => i.title)).toEqual([PRIVATE_ITEM_TITLE, PRIVATE_ITEM_TITLE]);
    expect(isContentless(viewed) && viewed.at(1)).toEqual(forms[1]);
    expect(everyItem(viewed)).toBe(forms);
    expect(list.made()).toBeNull();
    expect([...hidden]).toEqual(['a', 'b']);
  });
});
