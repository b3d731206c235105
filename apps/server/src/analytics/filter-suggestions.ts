import type { FilterSuggestions } from '@fluxion/contract';
import { filterValues } from '@fluxion/flow';
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
  compute: async ({ view }) => {
    const { items, hidden } = view as FilterView;
    const { issueTypes, ...values } = filterValues(items, hidden);
    return { ...values, issue_types: issueTypes };
  },
};

export const filterSuggestions = (
  ctx: ApiContext,
  viewer: Viewer,
  query: { project: string },
): Promise<Json<FilterSuggestions>> => serve(ctx, viewer, FILTER_SUGGESTIONS, query);
