import type { FilterSuggestion, FilterSuggestions } from '@fluxion/contract';
import { useQuery } from '@tanstack/react-query';
import { getFilterSuggestions } from '../../api/endpoints.ts';
import { useProjects } from '../../projects/context.ts';

/** The filter bar's text fields and the board's names each suggests. */
export type SuggestedField =
  | 'label'
  | 'not_label'
  | 'milestone'
  | 'issue_type'
  | 'field_value'
  | 'repo'
  | 'assignee';

type ListKind = Exclude<keyof FilterSuggestions, 'breakdown_field'>;

const KIND: Record<Exclude<SuggestedField, 'field_value'>, ListKind> = {
  label: 'labels',
  not_label: 'labels',
  milestone: 'milestones',
  issue_type: 'issue_types',
  repo: 'repositories',
  assignee: 'assignees',
};

const NONE: readonly FilterSuggestion[] = [];

/**
 * The chosen board's names for each text field of the filter bar; none while they load or when they
 * could not be read (typing stays free, so the bar works without them).
 */
export function useFilterSuggestions(): (field: SuggestedField) => readonly FilterSuggestion[] {
  const project = useProjects().selected?.project_id ?? null;
  const query = useQuery({
    queryKey: ['filter-suggestions', project],
    queryFn: () => getFilterSuggestions(project ?? ''),
    enabled: project !== null,
    // A board's names change slowly; a minute keeps moving between pages free of refetches.
    staleTime: 60_000,
    retry: false,
  });
  return (field) =>
    (field === 'field_value' ? query.data?.breakdown_field?.values : query.data?.[KIND[field]]) ?? NONE;
}
