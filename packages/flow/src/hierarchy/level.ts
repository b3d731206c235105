import { isContentless } from '../input/board-items.ts';
import type { BoardItem, BoardItems } from '../types.ts';

/**
 * Which items count in throughput, cycle time, aging and forecasts (docs/metrics.md, "Level of work"):
 * all of them, the leaf items only (no child on the board), or the parents only (a child on the board).
 */
export const WORK_LEVELS = ['all', 'leaves', 'parents'] as const;
export type WorkLevel = (typeof WORK_LEVELS)[number];

/** The board's parents and their children, as the items on it say (a child names its parent). */
export type BoardHierarchy = {
  /** Ids of the items with at least one child on the board. */
  parents: ReadonlySet<string>;
  /** Parent item id → its children on the board, in board order. */
  children: ReadonlyMap<string, readonly BoardItem[]>;
};

/**
 * Parents are found by GitHub's node id: a child's `parent.contentId` is its parent's `contentId`. A
 * parent not on the board is not a parent here (its children are leaves of this board). `lists`: the items
 * of one or more lists, read one after the other as one list.
 */
export function boardHierarchy(...lists: readonly (readonly BoardItem[])[]): BoardHierarchy {
  const children = new Map<string, BoardItem[]>();
  // Most boards: no item names a parent, and no table of 100,000 node ids is needed to learn it.
  if (!lists.some(namesParent)) return { parents: new Set(), children };
  const byContent = new Map<string, BoardItem>();
  for (const items of lists)
    for (const item of items) if (item.contentId) byContent.set(item.contentId, item);
  for (const items of lists)
    for (const item of items) {
      const parent = item.parent ? byContent.get(item.parent.contentId) : undefined;
      if (!parent || parent.id === item.id) continue;
      const list = children.get(parent.id);
      if (list) list.push(item);
      else children.set(parent.id, [item]);
    }
  return { parents: new Set(children.keys()), children };
}

function namesParent(items: readonly BoardItem[]): boolean {
  for (let i = 0; i < items.length; i++) if ((items[i] as BoardItem).parent) return true;
  return false;
}

/** Leaf items when the board holds parents with their children (else every item is a leaf anyway). */
export function defaultWorkLevel(hierarchy: BoardHierarchy): WorkLevel {
  return hierarchy.parents.size > 0 ? 'leaves' : 'all';
}

/** What the analyses count and what they leave out, for the line every page shows. */
export type LevelOfWork = {
  level: WorkLevel;
  /** True when the board's setting is unset and the level is the default. */
  automatic: boolean;
  parents: number;
  leaves: number;
  /** Ids of the items this level leaves out (parents, or leaves): none at `all`. */
  leftOut: ReadonlySet<string>;
};

/**
 * The level a board's setting (null: automatic) applies to its items. Every item is counted once at most:
 * at `leaves` an epic's finish is not a second count of its tasks; at `parents` only the epics count.
 * `left`: the items that left the board (archived, removed), whose moves still count: they are sorted into
 * the levels too (an epic archived once done is still a parent of its tasks), and counted among the parents.
 * Items as columns (a viewer who may read none of them) name no parent and have no node id: each is a leaf.
 */
export function levelOfWork(
  items: BoardItems,
  setting: WorkLevel | null,
  left: readonly BoardItem[] = [],
): LevelOfWork {
  const objects = isContentless(items) ? [] : items;
  // The lists one after the other, as one list of them would be (no copy of a board's items).
  const hierarchy = boardHierarchy(objects, left);
  const level = setting ?? defaultWorkLevel(hierarchy);
  const leftOut = new Set<string>();
  const isLeftOut = (id: string) => hierarchy.parents.has(id) !== (level === 'parents');
  if (level !== 'all') {
    if (isContentless(items)) for (const id of items.ids) if (isLeftOut(id)) leftOut.add(id);
    for (const list of [objects, left]) for (const item of list) if (isLeftOut(item.id)) leftOut.add(item.id);
  }
  const parents = hierarchy.parents.size;
  const onBoardParents =
    parents === 0 ? 0 : objects.reduce((n, item) => n + (hierarchy.parents.has(item.id) ? 1 : 0), 0);
  return { level, automatic: setting === null, parents, leaves: items.length - onBoardParents, leftOut };
}

/** "Counting leaf items: 5 parents left out" (docs/metrics.md, "Level of work"). */
export function levelSentence(level: Pick<LevelOfWork, 'level' | 'parents' | 'leaves'>): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (level.level === 'leaves')
    return `Counting leaf items: ${plural(level.parents, 'parent', 'parents')} left out`;
  if (level.level === 'parents')
    return `Counting parents only: ${plural(level.leaves, 'leaf item', 'leaf items')} left out`;
  return level.parents > 0
    ? `Counting all items: ${plural(level.parents, 'parent is', 'parents are')} counted beside ${level.parents === 1 ? 'its' : 'their'} children`
    : 'Counting all items';
}
