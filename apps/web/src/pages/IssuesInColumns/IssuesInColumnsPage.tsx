import { Select } from '@primer/react';
import { useSearchParams } from 'react-router';
import { NoProject } from '../../components/AnalysisStates.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { HelpToggle } from '../../components/HelpToggle.tsx';
import { InsightBanner } from '../../components/InsightBanner.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { isPaywallError, Paywall } from '../../components/Paywall/Paywall.tsx';
import { useAnalysisProject } from '../../projects/useAnalysisProject.ts';
import { T } from '../../texts.ts';
import styles from './Issues.module.css';
import { Exportable } from '../../components/Export/Exportable.tsx';
import { MovesExportButtons } from '../../components/Export/MovesExportButtons.tsx';
import { ItemsExportButton } from '../../components/Export/ItemsExportButton.tsx';
import { exportCalendar } from '../../lib/exportCsv.ts';
import { issuesCsv } from '../../lib/exportTables.ts';
import { sortByDaysDesc } from './issuesLogic.ts';
import { IssuesTable } from './IssuesTable.tsx';
import { IssuesTiles } from './IssuesTiles.tsx';
import { durationUnit } from '../../lib/units.ts';
import { issuesErrorMessage, requestedColumn, statsFor } from './issuesLogic.ts';
import { useIssuesData } from './useIssuesData.ts';
import { IssuesPolicies } from './IssuesPolicies.tsx';
import { filterQuery } from '../../lib/itemFilter.ts';
import { FilterBar } from '../../components/FilterBar/FilterBar.tsx';
import { useItemFilter } from '../../components/FilterBar/useItemFilter.ts';
import { useEstimated } from '../../components/EstimatedHistory/EstimatedSelect.tsx';
import { estimatedQuery } from '../../lib/estimated.ts';

export function IssuesInColumnsPage() {
  const { project } = useAnalysisProject();
  const projectId = project?.project_id ?? null;
  const [params, setParams] = useSearchParams();
  const link = { project: params.get('project'), column: params.get('column') };
  const [filter, setFilter] = useItemFilter();
  const [estimated] = useEstimated();
  const query = { ...filterQuery(filter), ...estimatedQuery(estimated) };
  const data = useIssuesData(projectId, requestedColumn(projectId, link), query);
  const pickColumn = (column: string) => {
    const next = new URLSearchParams(params);
    next.set('column', column);
    setParams(next);
  };
  const issues = data.issues.isError ? [] : (data.issues.data?.issues ?? []);
  const locked = isPaywallError(data.issues.error);
  const stats = statsFor(issues, data.issues.data?.column_stats);

  return (
    <Page
      title={T.issues.title}
      subtitle={project ? project.title : T.issues.subtitle}
      board={project}
      estimatedChoice
    >
      <HelpToggle paragraphs={T.issues.help} />
      {/* Behind the paywall a filter or a column does nothing: they go with the figures. */}
      {projectId && !locked && <FilterBar filter={filter} onChange={setFilter} />}
      {!project ? (
        <NoProject />
      ) : (
        <>
          {!locked && (
            <div className={styles.toolbar}>
              <label htmlFor="column-select">{T.issues.selectColumn}</label>
              <Select id="column-select" value={data.chosen} onChange={(e) => pickColumn(e.target.value)}>
                {data.options.map((option) => (
                  <Select.Option key={option.value} value={option.value}>
                    {option.label}
                  </Select.Option>
                ))}
              </Select>
            </div>
          )}
          {data.columnsFailed ? (
            <ErrorState
              error={data.columnsFailed.error}
              onRetry={() => void data.columnsFailed?.refetch()}
              retrying={data.columnsFailed.isFetching}
            />
          ) : data.columnsLoading || data.issues.isLoading ? (
            <Loading text={T.issues.loading} />
          ) : isPaywallError(data.issues.error) ? (
            <Paywall />
          ) : data.issues.isError ? (
            <ErrorState
              error={data.issues.error}
              fallback={issuesErrorMessage(data.issues.error)}
              onRetry={() => void data.issues.refetch()}
              retrying={data.issues.isFetching}
            />
          ) : (
            <>
              <IssuesTiles total={issues.length} stats={stats} unit={durationUnit(project.calendar)} />
              <InsightBanner insight={stats.performance_insight} />
              <IssuesPolicies project={project} column={data.chosen} count={issues.length} filter={query} />
              <Exportable
                name={`${project?.title ?? ''} ${data.chosen ?? ''}`}
                csv={() => issuesCsv(sortByDaysDesc(issues), exportCalendar(project.calendar))}
                image={false}
              >
                <IssuesTable
                  key={`${projectId}:${data.chosen}`}
                  issues={issues}
                  timeZone={exportCalendar(project.calendar).timeZone}
                  unit={durationUnit(project.calendar)}
                  projectId={project.project_id}
                />
              </Exportable>
              <ItemsExportButton project={project} filter={filter} estimated={estimated} />
              <MovesExportButtons project={project} />
            </>
          )}
        </>
      )}
    </Page>
  );
}
