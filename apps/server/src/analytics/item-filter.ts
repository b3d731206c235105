import type { ItemFilterQuery } from '@fluxion/contract';
import { type BoardItem, filterBoard, type ItemFilter, isFilterOn, type Transitions } from '@fluxion/flow';
import { badRequest } from '../http/errors.ts';

const DAY_MS = 86_400_000;

/** The engine's filter from a request's query, and its text for cache keys ('' when no filter is on). */
export type RequestFilter = { filter: ItemFilter; key: string; on: boolean };

const sorted = (values: readonly string[] | undefined) => [...new Set(values ?? [])].sort();

/** `from` is the start of its UTC day; `to` is the end of its day (the day is included). */
export function requestFilter(query: Partial<ItemFilterQuery>): RequestFilter {
  const from = query.from ? Date.parse(`${query.from}T00:00:00Z`) : null;
  const to = query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : null;
  if (from !== null && to !== null && from >= to) {
    throw badRequest('from must be on or before to', 'from');
  }
  const filter: ItemFilter = {
    labels: sorted(query.label),
    notLabels: sorted(query.not_label),
    milestones: sorted(query.milestone),
    types: sorted(query.type) as ItemFilter['types'],
    repositories: sorted(query.repo),
    assignees: sorted(query.assignee),
    from,
    to,
  };
  const on = isFilterOn(filter);
  return { filter, on, key: on ? JSON.stringify(filter) : '' };
}

/**
 * The ids of the items whose content the viewer may not see: `visibility/` hands out such an item as a
 * new object in the same place (an item the viewer sees is the stored object itself). The filter treats
 * their labels, milestone, type, repository and assignees as unknown, so it reveals nothing of them.
 */
export function hiddenIds(stored: readonly BoardItem[], viewed: readonly BoardItem[]): Set<string> {
  const hidden = new Set<string>();
  if (stored === viewed) return hidden;
  viewed.forEach((item, i) => {
    if (stored[i] !== item) hidden.add(item.id);
  });
  return hidden;
}

/** The items and moves an analysis reads under the filter (all of them when none is on). */
export function filteredBoard(
  request: RequestFilter,
  board: { stored: readonly BoardItem[]; viewed: BoardItem[]; transitions: Transitions; columns: string[] },
): { items: BoardItem[]; transitions: Transitions } {
  if (!request.on) return { items: board.viewed, transitions: board.transitions };
  return filterBoard({ items: board.viewed, transitions: board.transitions }, request.filter, {
    hidden: hiddenIds(board.stored, board.viewed),
    doneColumn: board.columns.at(-1) ?? null,
  });
}
