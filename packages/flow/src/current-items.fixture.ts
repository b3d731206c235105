import type { BoardItem, Transition } from './types.ts';

/** Current items as the collector would store them from these moves: each item's last move. */
export function currentItems(transitions: readonly Transition[]): BoardItem[] {
  const last = new Map<string, Transition>();
  for (const t of transitions) last.set(t.itemId, t);
  return [...last.values()].map((t, n) => ({
    id: t.itemId,
    number: n + 1,
    title: t.itemId,
    url: null,
    milestone: null,
    labels: [],
    column: t.to,
    enteredColumnAt: Number.isFinite(t.at) ? t.at : null,
  }));
}
