import { useQuery } from '@tanstack/react-query';
import { getColumnStats, getIssues, getProject } from '../../api/endpoints.ts';
import type { ItemFilterParams } from '@fluxion/contract';
import { columnOptions, shownColumn } from './issuesLogic.ts';

/** Column list (GET /api/projects/{id}/), counts (column-stats) and the issues of the chosen column. */
export function useIssuesData(projectId: string | null, column: string, filter: ItemFilterParams = {}) {
  const enabled = projectId !== null;
  const id = projectId ?? '';
  const detail = useQuery({ queryKey: ['project', id], queryFn: () => getProject(id), enabled });
  const stats = useQuery({
    queryKey: ['column-stats', id, filter],
    queryFn: () => getColumnStats(id, filter),
    enabled,
  });
  const columns = detail.data?.column_list ?? [];
  const chosen = shownColumn(column, columns);
  const issues = useQuery({
    queryKey: ['issues', id, chosen, filter],
    queryFn: () => getIssues({ project: id, column: chosen }, filter),
    enabled: enabled && chosen !== '',
  });
  return {
    chosen,
    options: columnOptions(columns, stats.data?.column_stats),
    columnsLoading: enabled && detail.isLoading,
    /** The board's columns could not be read: nothing below would be true. */
    columnsFailed: detail.isError ? detail : null,
    issues,
  };
}
