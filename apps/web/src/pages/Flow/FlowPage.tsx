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
import { Page } from '../../components/Page.tsx';
import { exportCalendar } from '../../lib/exportCsv.ts';
import { useAnalysisProject } from '../../projects/useAnalysisProject.ts';
import { T } from '../../texts.ts';
import { AgingChart } from './AgingChart.tsx';
import { FlowPoliciesSummary, WipLimitsNote } from '../../components/FlowPolicies/FlowPoliciesSummary.tsx';
import { BlockedByColumnTable } from './BlockedByColumnTable.tsx';
import { SleAtRiskList } from '../../components/FlowPolicies/SleAtRiskList.tsx';
import { sleAtRiskItems } from '../../lib/flowPolicies.ts';
import { CfdChart } from './CfdChart.tsx';
import { ExportBoard, UnitField } from './ChartCard.tsx';
import { useBoardIterations } from '../../projects/useBoardIterations.ts';
import type { FlowUnit } from '@fluxion/contract';
import { CycleTimeChart } from './CycleTimeChart.tsx';
import { FLOW_DEFAULTS } from '../../lib/constants.ts';
import { filterQuery, isFiltered } from '../../lib/itemFilter.ts';
import { FilterBar } from '../../components/FilterBar/FilterBar.tsx';
import { useItemFilter } from '../../components/FilterBar/useItemFilter.ts';
import { useEstimated } from '../../components/EstimatedHistory/EstimatedSelect.tsx';
import { estimatedQuery } from '../../lib/estimated.ts';
import { ShareDialog } from '../ManageProjects/share/ShareDialog.tsx';
import styles from './Flow.module.css';
import { FlowHeadline } from './FlowTiles.tsx';
import { ForecastTable } from './ForecastTable.tsx';
import { TypeBreakdown } from './TypeBreakdown.tsx';
import { unitOf } from '../../lib/units.ts';
import { flowWindowFrom } from '../../lib/analysisWindow.ts';
import { WindowSelect } from '../../components/AnalysisWindow/WindowSelect.tsx';

const HORIZON = FLOW_DEFAULTS.horizon;
const TARGET_ITEMS = FLOW_DEFAULTS.items;

/** Items, or the board's estimate field (`?unit=estimate`), offered when the board has one. */
function UnitSelect(props: { unit: FlowUnit; field: string; onChange: (unit: FlowUnit) => void }) {
  return (
    <div className={styles.toolbar}>
      <label htmlFor="flow-unit">{T.flow.unitLabel}</label>
      <Select id="flow-unit" value={props.unit} onChange={(e) => props.onChange(e.target.value as FlowUnit)}>
        <Select.Option value="items">{T.flow.unitItems}</Select.Option>
        <Select.Option value="estimate">{T.flow.unitEstimate(props.field)}</Select.Option>
      </Select>
    </div>
  );
}

export function FlowPage() {
  const { project } = useAnalysisProject();
  const [params, setParams] = useSearchParams();
  const days = flowWindowFrom(params.get('days'));
  const setDays = (value: number) => {
    const next = new URLSearchParams(params);
    next.set('days', String(value));
    setParams(next);
  };
  const [filter, setFilter] = useItemFilter();
  const [estimated] = useEstimated();
  const { estimateField } = useBoardIterations(project?.project_id ?? null);
  // The address decides; without an estimate field on the board, items whatever it says.
  const unit: FlowUnit = params.get('unit') === 'estimate' && estimateField !== null ? 'estimate' : 'items';
  const setUnit = (value: FlowUnit) => {
    const next = new URLSearchParams(params);
    if (value === 'items') next.delete('unit');
    else next.set('unit', value);
    setParams(next);
  };
  // The board's breakdown field (while GitHub has it): the distribution may split by it or by issue type.
  const breakdownField =
    project?.breakdown_field && !project.breakdown_field.gone ? project.breakdown_field.name : null;
  const requestedSplit = params.get('breakdown');
  const breakdown =
    breakdownField !== null && (requestedSplit === 'issue_type' || requestedSplit === 'field')
      ? requestedSplit
      : undefined;
  const setSplit = (value: 'issue_type' | 'field') => {
    const next = new URLSearchParams(params);
    next.set('breakdown', value);
    setParams(next);
  };
  const [sharing, setSharing] = useState(false);
  const calendar = exportCalendar(project?.calendar);
  const query = useQuery({
    queryKey: ['flow', project?.project_id, days, HORIZON, TARGET_ITEMS, unit, breakdown, filter, estimated],
    queryFn: () =>
      getFlow(
        {
          project: project?.project_id ?? '',
          days,
          horizon: HORIZON,
          items: TARGET_ITEMS,
          unit,
          ...(breakdown ? { breakdown } : {}),
        },
        { ...filterQuery(filter), ...estimatedQuery(estimated) },
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
      estimatedChoice
      actions={
        open && (
          <>
            <WindowSelect days={days} onChange={setDays} />
            {estimateField !== null && <UnitSelect unit={unit} field={estimateField} onChange={setUnit} />}
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
        {(data) =>
          project && isFiltered(filter) && data.kept_items === 0 ? (
            // Nothing to chart: policies, CFD and aging of no item would only contradict the message.
            <NotEnoughData project={project} needs="" filtered keptItems={0} />
          ) : (
            <UnitField.Provider value={data.unit === 'estimate' ? (estimateField ?? 'estimate') : null}>
              {flowHasCompletions(data) ? (
                <FlowHeadline data={data} unit={unitOf(calendar)} />
              ) : (
                project && (
                  <NotEnoughData
                    project={project}
                    needs={T.states.flowNeeds(doneColumn(data.columns), data.window.days)}
                    filtered={isFiltered(filter)}
                    keptItems={data.kept_items}
                  />
                )
              )}
              {data.unit === 'estimate' && estimateField !== null && (
                <p className={styles.unitNote} data-testid="flow-unit-note">
                  {T.flow.estimateNote(estimateField)}
                </p>
              )}
              <ExportBoard.Provider value={project?.title ?? ''}>
                <FlowPoliciesSummary data={data} unit={unitOf(calendar)} filtered={isFiltered(filter)} />
                <SleAtRiskList
                  items={sleAtRiskItems(data)}
                  sle={data.sle}
                  unit={unitOf(calendar)}
                  projectId={project?.project_id}
                />
                <div className={styles.stack}>
                  <CfdChart data={data} calendar={calendar} />
                  <WipLimitsNote data={data} />
                  <CycleTimeChart data={data} calendar={calendar} projectId={project?.project_id} />
                  <div className={styles.split}>
                    <AgingChart data={data} calendar={calendar} projectId={project?.project_id} />
                    <ForecastTable forecast={data.forecast} calendar={calendar} />
                  </div>
                  <BlockedByColumnTable data={data} calendar={calendar} />
                  <TypeBreakdown
                    data={data}
                    split={{ field: breakdownField, onChange: setSplit }}
                    unit={unitOf(calendar)}
                    filtered={isFiltered(filter)}
                    calendar={calendar}
                  />
                </div>
              </ExportBoard.Provider>
            </UnitField.Provider>
          )
        }
      </AnalysisContent>
    </Page>
  );
}
