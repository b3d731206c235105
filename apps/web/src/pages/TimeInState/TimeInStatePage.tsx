import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { filterQuery, isFiltered } from '../../lib/itemFilter.ts';
import { FilterBar } from '../../components/FilterBar/FilterBar.tsx';
import { useItemFilter } from '../../components/FilterBar/useItemFilter.ts';
import { useEstimated } from '../../components/EstimatedHistory/EstimatedSelect.tsx';
import { estimatedQuery } from '../../lib/estimated.ts';
import { getTimeInState } from '../../api/endpoints.ts';
import styles from '../../components/Analysis.module.css';
import { AnalysisContent } from '../../components/AnalysisStates.tsx';
import { isPaywallError } from '../../components/Paywall/Paywall.tsx';
import { HelpToggle } from '../../components/HelpToggle.tsx';
import { InsightBanner } from '../../components/InsightBanner.tsx';
import { HistoryGapsNote, unknownStarts } from '../../components/HistoryGapsNote.tsx';
import { Page } from '../../components/Page.tsx';
import { timeInStateRows } from '../../lib/chartData.ts';
import { Exportable } from '../../components/Export/Exportable.tsx';
import { exportCalendar } from '../../lib/exportCsv.ts';
import { timeInStateCsv } from '../../lib/exportTables.ts';
import { timeInStateHasData } from '../../lib/readiness.ts';
import { NotEnoughData } from '../../components/NotEnoughData.tsx';
import { useAnalysisProject } from '../../projects/useAnalysisProject.ts';
import { T } from '../../texts.ts';
import { TimeInStateChart } from './TimeInStateChart.tsx';
import { TimeInStateTiles } from './TimeInStateTiles.tsx';
import { useAnalysisWindow } from '../../components/AnalysisWindow/useAnalysisWindow.ts';
import { WindowSelect } from '../../components/AnalysisWindow/WindowSelect.tsx';
import { durationUnit } from '../../lib/units.ts';

export function TimeInStatePage() {
  const { project, days: iterationDays } = useAnalysisProject();
  const [days, setDays] = useAnalysisWindow(iterationDays);
  const unit = durationUnit(project?.calendar);
  const [filter, setFilter] = useItemFilter();
  const [estimated] = useEstimated();
  const query = useQuery({
    queryKey: ['timeinstate', project?.project_id, days, filter, estimated],
    queryFn: () =>
      getTimeInState(
        { project: project?.project_id ?? '', days },
        { ...filterQuery(filter), ...estimatedQuery(estimated) },
      ),
    enabled: project !== null,
  });
  // Once per answer: new rows would draw the chart's animation again on every re-render of the page.
  const columnList = project?.column_list;
  const chart = useMemo(
    () => (query.data ? timeInStateRows(query.data, columnList) : null),
    [query.data, columnList],
  );

  return (
    <Page
      title={T.timeInState.title}
      subtitle={project ? project.title : T.timeInState.subtitle}
      board={project}
      estimatedChoice
      actions={
        project &&
        !isPaywallError(query.error) && (
          <WindowSelect days={days} iterationDays={iterationDays} onChange={setDays} />
        )
      }
    >
      <HelpToggle paragraphs={T.timeInState.help} />
      {/* Behind the paywall a filter does nothing: the bar goes with the figures. */}
      {project && !isPaywallError(query.error) && <FilterBar filter={filter} onChange={setFilter} />}
      <AnalysisContent hasProject={project !== null} query={query}>
        {(data) =>
          chart &&
          !timeInStateHasData(chart.rows) &&
          unknownStarts(data.metrics.history_gaps, 'stays') > 0 ? (
            <>
              <InsightBanner insight={data.metrics.performance_insight} />
              <HistoryGapsNote gaps={data.metrics.history_gaps} days={days} kind="stays" />
            </>
          ) : project && chart && !timeInStateHasData(chart.rows) ? (
            <NotEnoughData
              project={project}
              needs={T.states.timeInStateNeeds}
              filtered={isFiltered(filter)}
              keptItems={data.metrics.kept_items}
            />
          ) : (
            <>
              <TimeInStateTiles
                metrics={data.metrics}
                classification={data.column_classification}
                unit={unit}
                iterationDays={iterationDays}
              />
              <InsightBanner insight={data.metrics.performance_insight} />
              <HistoryGapsNote gaps={data.metrics.history_gaps} days={days} kind="stays" />
              <div className={styles.chartCard}>
                {chart && (
                  <Exportable
                    name={`${project?.title ?? ''} ${T.timeInState.title}`}
                    csv={() => timeInStateCsv(chart.rows, chart.columns, exportCalendar(project?.calendar))}
                  >
                    <TimeInStateChart rows={chart.rows} columns={chart.columns} unit={unit} />
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
