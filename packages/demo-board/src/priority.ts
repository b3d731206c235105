import type { DemoBoard } from './demo-board.ts';

/**
 * The demo's Priority field (docs/metrics.md, "Breakdown by a board field"): a single-select field beside
 * Status, the demo's breakdown field, so that Flow shows its work split by Priority as well as by type.
 */
export const DEMO_PRIORITY_FIELD = 'Priority';
/** Its node id, the same in the server's demo board and wherever the demo is served. */
export const DEMO_PRIORITY_FIELD_ID = 'PVTSSF_fluxiondemo1priority';
export const DEMO_PRIORITIES = ['High', 'Medium', 'Low'] as const;

/** One value the demo's Priority took: `value` null when none. */
export type DemoPriorityChange = { itemId: string; value: string | null; at: number };

/**
 * Each item's Priority over time, as a team would keep it: set when the item is created (by its number:
 * one in five High, two in five Low, the rest Medium; every eleventh left unset), and raised to High the
 * first time the item is blocked. Changes up to `now` only.
 */
export function demoPriorityChanges(board: DemoBoard, options: { now: number }): DemoPriorityChange[] {
  const changes: DemoPriorityChange[] = [];
  for (const item of board.items) {
    const created = Date.parse(item.createdAt);
    const initial = priorityOf(item.number);
    if (initial !== null && created <= options.now)
      changes.push({ itemId: item.id, value: initial, at: created });
    const blocked = item.transitions.find((t) => t.to === 'Blocked');
    const at = blocked ? Date.parse(blocked.at) : Number.NaN;
    if (initial !== 'High' && at <= options.now && at > created)
      changes.push({ itemId: item.id, value: 'High', at });
  }
  return changes.sort((a, b) => a.at - b.at || a.itemId.localeCompare(b.itemId));
}

function priorityOf(number: number): string | null {
  if (number % 11 === 0) return null;
  const slot = (number * 3) % 5;
  return slot === 0 ? 'High' : slot < 3 ? 'Low' : 'Medium';
}
