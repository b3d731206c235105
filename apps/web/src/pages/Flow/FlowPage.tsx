import { ShareAndroidIcon } from '@primer/octicons-react';
import { Button, Select } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { getFlow } from '../../api/flow.ts';
import { AnalysisContent } from '../../components/AnalysisStates.tsx';
import { isPaywallError } from '../../components/Paywall/Paywall.tsx';
import { NotEnoughData } from '../../components/NotEnoughData.tsx';
import { doneColumn, flowHasCompletions } from '../../lib/readiness.ts';
import { HelpToggle } from '../../components/HelpToggle.tsx';
import { InsightBanner } from '../../components/InsightBanner.tsx';
import { Page } from '../../components/Page.tsx';
import { exportCalendar } from '../../lib/exportCsv.ts';
import { useAnalysisProject } from '../../projects/useAnalysisProject.ts';
import { T } from '../../texts.ts';
import { AgingChart } from './AgingChart.tsx';
import { CfdChart } from './CfdChart.tsx';
import { ExportBoard } from './ChartCard.tsx';
import { CycleTimeChart } from './CycleTimeChart.tsx';
import { FLOW_DEFAULTS } from '../../lib/constants.ts';
import { filterQuery, isFiltered } from '../../lib/itemFilter.ts';
import { FilterBar } from '../../components/FilterBar/FilterBar.tsx';
import { useItemFilter } from '../../components/FilterBar/useItemFilter.ts';
import { ShareDialog } from '../ManageProjects/share/ShareDialog.tsx';
import styles from './Flow.module.css';
import { FlowTiles } from './FlowTiles.tsx';
import { ForecastTable } from './ForecastTable.tsx';

const WINDOWS = [14, 30, 60, 90] as const;
const DEFAULT_WINDOW = FLOW_DEFAULTS.days;
const HORIZON = FLOW_DEFAULTS.horizon;

/** The window in the address (`?days=`), one of the offered ones, else 30 days. */
function windowFrom(value: string | null): number {
  const days = Number(value);
  return (WINDOWS as readonly number[]).includes(days) ? days : DEFAULT_WINDOW;
}
const TARGET_ITEMS = FLOW_DEFAULTS.items;

function WindowSelect({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  return (
    <div className={styles.toolbar}>
      <label htmlFor="flow-window">{T.flow.windowLabel}</label>
      <Select id="flow-window" value={String(days)} onChange={(e) => onChange(Number(e.target.value))}>
        {WINDOWS.map((d) => (
          <Select.Option key={d} value={String(d)}>
            {T.flow.windowOption(d)}
          </Select.Option>
        ))}
      </Select>
    </div>
  );
}

export function FlowPage() {
  const { project } = useAnalysisProject();
  const [params, setParams] = useSearchParams();
  const days = windowFrom(params.get('days'));
  const setDays = (value: number) => {
    const next = new URLSearchParams(params);
    next.set('days', String(value));
    setParams(next);
  };
  const [filter, setFilter] = useItemFilter();
  const [sharing, setSharing] = useState(false);
  const calendar = exportCalendar(project?.calendar);
  const query = useQuery({
    queryKey: ['flow', project?.project_id, days, HORIZON, TARGET_ITEMS, filter],
    queryFn: () =>
      getFlow(
        { project: project?.project_id ?? '', days, horizon: HORIZON, items: TARGET_ITEMS },
        filterQuery(filter),
      ),
    enabled: project !== null,
  });
  // Behind the paywall the window, sharing and the filter do nothing: they go with the figures.
  const open = project !== null && !isPaywallError(query.error);
  return (
    <Page
      title={T.flow.title}
      subtitle={project ? project.title : T.flow.subtitle}
      board={project}
      actions={
        open && (
          <>
            <WindowSelect days={days} onChange={setDays} />
            <Button leadingVisual={ShareAndroidIcon} onClick={() => setSharing(true)}>
              {T.share.flowShare}
            </Button>
          </>
        )
      }
    >
      {project && sharing && (
        <ShareDialog project={project} days={days} filter={filter} onClose={() => setSharing(false)} />
      )}
      <HelpToggle paragraphs={T.flow.help} />
      {open && <FilterBar filter={filter} onChange={setFilter} />}
      <AnalysisContent hasProject={project !== null} query={query}>
        {(data) => (
          <>
            {flowHasCompletions(data) ? (
              <>
                <FlowTiles data={data} />
                <InsightBanner insight={data.performance_insight} />
              </>
            ) : (
              project && (
                <NotEnoughData
                  project={project}
                  needs={T.states.flowNeeds(doneColumn(data.columns), data.window.days)}
                  filtered={isFiltered(filter)}
                />
              )
            )}
            <ExportBoard.Provider value={project?.title ?? ''}>
              <div className={styles.stack}>
                <CfdChart data={data} calendar={calendar} />
                <CycleTimeChart data={data} calendar={calendar} />
                <div className={styles.split}>
                  <AgingChart data={data} calendar={calendar} />
                  <ForecastTable forecast={data.forecast} calendar={calendar} />
                </div>
              </div>
            </ExportBoard.Provider>
          </>
        )}
      </AnalysisContent>
    </Page>
  );
}
