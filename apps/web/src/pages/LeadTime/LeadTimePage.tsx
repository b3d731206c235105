import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getLeadTime } from '../../api/endpoints.ts';
import styles from '../../components/Analysis.module.css';
import { AnalysisContent } from '../../components/AnalysisStates.tsx';
import { isPaywallError } from '../../components/Paywall/Paywall.tsx';
import { HelpToggle } from '../../components/HelpToggle.tsx';
import { InsightBanner } from '../../components/InsightBanner.tsx';
import { HistoryGapsNote, unknownStarts } from '../../components/HistoryGapsNote.tsx';
import { Page } from '../../components/Page.tsx';
import { Exportable } from '../../components/Export/Exportable.tsx';
import { leadTimeRows } from '../../lib/chartData.ts';
import { exportCalendar } from '../../lib/exportCsv.ts';
import { leadTimeCsv } from '../../lib/exportTables.ts';
import { doneColumn, leadTimeHasData } from '../../lib/readiness.ts';
import { NotEnoughData } from '../../components/NotEnoughData.tsx';
import { useAnalysisProject } from '../../projects/useAnalysisProject.ts';
import { T } from '../../texts.ts';
import { LeadTimeChart } from './LeadTimeChart.tsx';
import { LeadTimeTiles } from './LeadTimeTiles.tsx';
import { filterQuery, isFiltered } from '../../lib/itemFilter.ts';
import { FilterBar } from '../../components/FilterBar/FilterBar.tsx';
import { useItemFilter } from '../../components/FilterBar/useItemFilter.ts';
import { useEstimated } from '../../components/EstimatedHistory/EstimatedSelect.tsx';
import { estimatedQuery } from '../../lib/estimated.ts';
import { useAnalysisWindow } from '../../components/AnalysisWindow/useAnalysisWindow.ts';
import { WindowSelect } from '../../components/AnalysisWindow/WindowSelect.tsx';
import { durationUnit } from '../../lib/units.ts';

export function LeadTimePage() {
  const { project, days: iterationDays } = useAnalysisProject();
  const [days, setDays] = useAnalysisWindow(iterationDays);
  const unit = durationUnit(project?.calendar);
  const cycleTime = project?.cycle_time_start_column ?? null;
  const [filter, setFilter] = useItemFilter();
  const [estimated] = useEstimated();
  const query = useQuery({
    queryKey: ['leadtime', project?.project_id, days, cycleTime, filter, estimated],
    queryFn: () =>
      getLeadTime(
        { project: project?.project_id ?? '', days, cycleTime },
        { ...filterQuery(filter), ...estimatedQuery(estimated) },
      ),
    enabled: project !== null,
  });
  // Once per answer: new rows would draw the chart's animation again on every re-render of the page.
  const chart = useMemo(() => (query.data ? leadTimeRows(query.data) : null), [query.data]);

  return (
    <Page
      title={T.leadTime.title}
      subtitle={project ? project.title : T.leadTime.subtitle}
      board={project}
      estimatedChoice
      actions={
        project &&
        !isPaywallError(query.error) && (
          <WindowSelect days={days} iterationDays={iterationDays} onChange={setDays} />
        )
      }
    >
      <HelpToggle paragraphs={T.leadTime.help} />
      {/* Behind the paywall a filter does nothing: the bar goes with the figures. */}
      {project && !isPaywallError(query.error) && <FilterBar filter={filter} onChange={setFilter} />}
      <AnalysisContent hasProject={project !== null} query={query}>
        {(data) =>
          chart && !leadTimeHasData(chart.rows) && unknownStarts(data.metrics.history_gaps, 'lead') > 0 ? (
            <>
              <InsightBanner insight={data.metrics.performance_insight} />
              <HistoryGapsNote gaps={data.metrics.history_gaps} days={days} kind="lead" />
            </>
          ) : project && chart && !leadTimeHasData(chart.rows) ? (
            <NotEnoughData
              project={project}
              needs={T.states.leadTimeNeeds(doneColumn(project.column_list), days)}
              filtered={isFiltered(filter)}
              keptItems={data.metrics.kept_items}
            />
          ) : (
            <>
              <LeadTimeTiles metrics={data.metrics} unit={unit} />
              <InsightBanner insight={data.metrics.performance_insight} />
              {/* Lead times known (a reconstructed joining) but cycle starts lost: the cycle-time tile's
                  N/A says why, as Flow's does, rather than nothing. */}
              {unknownStarts(data.metrics.history_gaps, 'lead') > 0 ? (
                <HistoryGapsNote gaps={data.metrics.history_gaps} days={days} kind="lead" />
              ) : (
                <HistoryGapsNote gaps={data.metrics.history_gaps} days={days} kind="cycle" />
              )}
              <div className={styles.chartCard}>
                {chart && (
                  <Exportable
                    name={`${project?.title ?? ''} ${T.leadTime.title}`}
                    csv={() => leadTimeCsv(chart.rows, chart.hasCycle, exportCalendar(project?.calendar))}
                  >
                    <LeadTimeChart rows={chart.rows} hasCycle={chart.hasCycle} unit={unit} />
                  </Exportable>
                )}
              </div>
            </>
          )
        }
      </AnalysisContent>
    </Page>
  );
}
