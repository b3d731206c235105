import { useQuery } from '@tanstack/react-query';
import { getBoardStory, getColumnStats, getIssues, getProject } from '../../api/endpoints.ts';
import type { AnalysisFilterParams } from '@fluxion/contract';
import { columnOptions, defaultColumn, shownColumn } from './issuesLogic.ts';

/** Column list (GET /api/projects/{id}/), counts (column-stats) and the issues of the chosen column. */
export function useIssuesData(projectId: string | null, column: string, filter: AnalysisFilterParams = {}) {
  const enabled = projectId !== null;
  const id = projectId ?? '';
  const detail = useQuery({ queryKey: ['project', id], queryFn: () => getProject(id), enabled });
  const stats = useQuery({
    queryKey: ['column-stats', id, filter],
    queryFn: () => getColumnStats(id, filter),
    enabled,
  });
  // The board's story (bottleneck, commitment point), as Time in State, Flow and Home name it.
  const story = useQuery({
    queryKey: ['story', id, filter],
    queryFn: () => getBoardStory(id, filter),
    enabled: enabled && column === '',
  });
  const columns = detail.data?.column_list ?? [];
  // Without a requested column, wait for the story rather than flash the first column (a backlog).
  const waiting = column === '' && story.isLoading;
  const chosen = waiting ? '' : shownColumn(column, columns, defaultColumn(story.data));
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
