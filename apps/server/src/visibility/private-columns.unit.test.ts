import {
  type BoardItem,
  buildFlowReport,
  buildColumnStats,
  buildIssuesInColumnReport,
  buildParentsReport,
  type ContentlessItems,
  everyItem,
  filterValues,
  isContentless,
  type Transition,
} from '@fluxion/flow';
import { describe, expect, it } from 'vitest';
import { itemsAtLevel } from '../analytics/item-filter.ts';
import { levelInfo } from '../analytics/level-of-work.ts';
import { encodeItemParts, readItems } from '../move-log/item-snapshots.ts';
import { PRIVATE_ITEM_TITLE, redactForViewer, repositoriesOf, visibilityOf } from './redact.ts';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 30);
const COLUMNS = ['Todo', 'Doing', 'Review', 'Done'];

/** A board of 40 issues in a repository the viewer may not read: moves, and its items in their moves' order. */
function privateBoard() {
  const transitions: Transition[] = [];
  const items: BoardItem[] = [];
  for (let n = 0; n < 40; n++) {
    const id = `PVTI_${n}`;
    const path = COLUMNS.slice(0, 1 + (n % COLUMNS.length));
    let at = NOW - (200 - n * 3) * HOUR;
    let from: string | null = null;
    for (const to of path) {
      transitions.push({ itemId: id, from, to, at });
      from = to;
      at += (n % 7) * 5 * HOUR;
    }
    items.push({
      id,
      number: n + 1,
      title: `Secret ${n}`,
      url: `https://github.com/acme/vault/issues/${n + 1}`,
      milestone: 'Q4',
      labels: ['hsm'],
      issueType: n % 3 === 0 ? 'Bug' : 'Task',
      column: from,
      enteredColumnAt: at,
    });
  }
  return { transitions, items };
}

describe('a snapshot’s items none of which the viewer may read', () => {
  const { transitions, items } = privateBoard();
  const stored = encodeItemParts(items);
  const source = {
    stored: () => Promise.reject(new Error('no text is read for a viewer who may read none')),
    fromRows: () => Promise.reject(new Error('no text is read for a viewer who may read none')),
  };
  const list = readItems(stored.items, stored.texts === null ? undefined : source);
  const visibility = visibilityOf(repositoriesOf(list), new Set(['acme/web']));
  const columns = redactForViewer(list, visibility);
  const objects = redactForViewer(items, visibility);

  it('are columns, whose private forms are those of the items themselves', () => {
    expect(isContentless(columns.items)).toBe(true);
    expect(everyItem(columns.items)).toEqual(objects.items);
    expect([...columns.hidden].sort()).toEqual([...objects.hidden].sort());
  });

  it('give the level of work, and the Flow report with its type breakdown, of their private forms', () => {
    const left = [{ ...(items[0] as BoardItem), id: 'gone', contentId: 'I_1' }];
    for (const setting of [null, 'all', 'leaves', 'parents'] as const) {
      expect(levelInfo(columns.items, setting, left)).toEqual(levelInfo(objects.items, setting, left));
      expect(levelInfo(columns.items, setting)).toEqual(levelInfo(objects.items, setting));
    }
    const report = (viewed: typeof columns.items) =>
      buildFlowReport({
        columns: COLUMNS,
        cycleStartColumn: 'Doing',
        transitions,
        items: itemsAtLevel(viewed, null).items,
        now: NOW,
        days: 14,
        policies: { sle: { days: 2, percent: 85 } },
      });
    const fromColumns = report(columns.items);
    expect(fromColumns.aging.items.length).toBeGreaterThan(0);
    expect(fromColumns.aging.items.every((i) => i.title === PRIVATE_ITEM_TITLE && i.url === null)).toBe(true);
    expect(fromColumns).toEqual(report(objects.items));
  });

  it('give the parents report and the filter suggestions of their private forms, with no form made', () => {
    const { ids, columns: itemColumns, entered, length } = columns.items as ContentlessItems;
    const formless: ContentlessItems = {
      length,
      ids,
      columns: itemColumns,
      entered,
      at: () => {
        throw new Error('a private form was made');
      },
      all: () => {
        throw new Error('every private form was made');
      },
    };
    const parents = (viewed: typeof columns.items) =>
      buildParentsReport({
        columns: COLUMNS,
        cycleStartColumn: 'Doing',
        transitions,
        items: viewed,
        now: NOW,
      });
    const fromColumns = parents(formless);
    expect(fromColumns.sample?.team_finished).toBeGreaterThan(0);
    expect(fromColumns).toEqual(parents(objects.items));
    expect(filterValues(formless, columns.hidden)).toEqual(filterValues(objects.items, objects.hidden));
  });

  it('give the column stats with no form made, and Issues in a column with the forms of that column only', () => {
    const { ids, columns: itemColumns, entered, length } = columns.items as ContentlessItems;
    const made: number[] = [];
    const counted: ContentlessItems = {
      length,
      ids,
      columns: itemColumns,
      entered,
      at: (position) => {
        made.push(position);
        return (columns.items as ContentlessItems).at(position);
      },
      all: () => {
        throw new Error('every private form was made');
      },
    };
    const board = { columns: COLUMNS, cycleStartColumn: 'Doing', now: NOW };
    expect(buildColumnStats({ ...board, items: counted })).toEqual(
      buildColumnStats({ ...board, items: objects.items }),
    );
    expect(made).toEqual([]);
    const issues = (viewed: typeof columns.items) =>
      buildIssuesInColumnReport({ ...board, column: 'Review', items: viewed, days: 7 });
    const fromColumns = issues(counted);
    expect(fromColumns.issues.length).toBeGreaterThan(0);
    expect(fromColumns).toEqual(issues(objects.items));
    expect(made.map((position) => itemColumns[position])).toEqual(fromColumns.issues.map(() => 'Review'));
  });
});
