import type { FilterSuggestions } from '@fluxion/contract';
import { type FieldValueChange, filterValues, isContentless } from '@fluxion/flow';
import { breakdownChanges } from './breakdown.ts';
import type { ApiContext } from '../context.ts';
import type { Json } from '../http/json-body.ts';
import type { FilterView } from './item-filter.ts';
import type { Viewer } from './access.ts';
import { type AnalysisKind, serve } from './analysis-kind.ts';

/**
 * The filter bar's suggestions for a board: the labels, milestones, assignees and repositories of its
 * items now on it, as the viewer may see them (a private item's names are not suggested: they would tell
 * what GitHub hides from this viewer). One kind of analysis, cached per board version and view.
 */
const FILTER_SUGGESTIONS: AnalysisKind<{ project: string }, FilterSuggestions> = {
  name: 'filter-suggestions',
  readsItems: () => true,
  compute: async ({ ctx, board, view }) => {
    const { hidden } = view as FilterView;
    const { items } = view as FilterView;
    const { issueTypes, ...values } = filterValues(items, hidden);
    const field = board.breakdownField;
    if (!field || field.gone) return { ...values, issue_types: issueTypes };
    const onBoard = new Set(isContentless(items) ? items.ids : items.map((item) => item.id));
    const changes = await breakdownChanges(ctx.db, board, hidden);
    return {
      ...values,
      issue_types: issueTypes,
      breakdown_field: { name: field.name, values: valuesNow(changes, onBoard) },
    };
  },
};

/** The field's values the items on the board have now, most used first (then by name). */
function valuesNow(changes: readonly FieldValueChange[], onBoard: ReadonlySet<string>) {
  const latest = new Map<string, string | null>();
  for (const change of changes) if (onBoard.has(change.itemId)) latest.set(change.itemId, change.value);
  const counts = new Map<string, number>();
  for (const value of latest.values()) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([name, items]) => ({ name, items }))
    .sort((a, b) => b.items - a.items || a.name.localeCompare(b.name));
}

export const filterSuggestions = (
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string },
): Promise<Json<FilterSuggestions>> => serve(ctx, viewer, FILTER_SUGGESTIONS, query);
