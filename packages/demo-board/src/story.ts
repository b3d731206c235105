import { DAY_MS } from './history.ts';
import { type DemoBoard, type DemoItem, demoParentNumbers } from './demo-board.ts';

/**
 * The demo's flow policies and its one blocked item (docs/metrics.md, "Service Level Expectation", "WIP
 * limits", "Blocked time"): a team would set a WIP limit on review, whose queue is where committed work
 * piles up, and mark an item blocked while it waits on someone outside the team. The SLE is left to the
 * board's history to propose. Everything is derived from the generated history, so it holds on any day.
 */
export const DEMO_BLOCKED_LABEL = 'blocked';
export const DEMO_LIMITED_COLUMN = 'In Review';
/** The days the WIP limit is chosen over: the Flow page's default window. */
const LIMIT_WINDOW_DAYS = 30;

export type DemoLabelChange = { itemId: string; label: string; added: boolean; at: string };

const columnAt = (item: DemoItem, at: number) =>
  item.transitions.filter((t) => Date.parse(t.at) <= at).at(-1)?.to ?? null;

/** Items in a column at the end of each of the last `days` days (the history ends at `end`). */
export function dayEndCounts(board: DemoBoard, column: string, end: number, days: number): number[] {
  const counts: number[] = [];
  for (let d = days - 1; d >= 0; d--) {
    const at = end - d * DAY_MS - 1;
    counts.push(board.items.filter((item) => columnAt(item, at) === column).length);
  }
  return counts;
}

/**
 * The review column's WIP limit: the most items it held at a day's end in the last 30 days, the peak
 * left out, so the limit held on every day but the peak's (a pile-up a team would talk about).
 */
export function demoWipLimits(board: DemoBoard, end: number): Record<string, number> {
  const counts = [...new Set(dayEndCounts(board, DEMO_LIMITED_COLUMN, end, LIMIT_WINDOW_DAYS))].sort(
    (a, b) => b - a,
  );
  return { [DEMO_LIMITED_COLUMN]: Math.max(1, counts[1] ?? (counts[0] ?? 2) - 1) };
}

/**
 * The one blocked item: of the items in progress now (parents aside), the one that entered In Progress last before the
 * last three days, blocked since a day after it entered (it waits on a payment provider's answer).
 */
export function demoBlockedItem(board: DemoBoard, end: number): { item: DemoItem; since: number } | null {
  let chosen: { item: DemoItem; since: number } | null = null;
  const parents = demoParentNumbers(board);
  for (const item of board.items) {
    if (parents.has(item.number)) continue;
    const last = item.transitions.at(-1);
    if (last?.to !== 'In Progress') continue;
    const entered = Date.parse(last.at);
    if (entered > end - 3 * DAY_MS) continue;
    if (!chosen || entered > chosen.since - DAY_MS) chosen = { item, since: entered + DAY_MS };
  }
  return chosen;
}

/** The blocked item's label history: put on once, still on. */
export function demoLabelChanges(board: DemoBoard, end: number): DemoLabelChange[] {
  const blocked = demoBlockedItem(board, end);
  if (!blocked) return [];
  return [
    {
      itemId: blocked.item.id,
      label: DEMO_BLOCKED_LABEL,
      added: true,
      at: new Date(blocked.since).toISOString(),
    },
  ];
}
