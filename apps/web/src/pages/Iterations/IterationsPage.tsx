import type { FlowUnit, IterationReportResponse } from '@fluxion/contract';
import { IterationsIcon } from '@primer/octicons-react';
import { Select } from '@primer/react';
import { useSearchParams } from 'react-router';
import { AnalysisContent } from '../../components/AnalysisStates.tsx';
import { HelpToggle } from '../../components/HelpToggle.tsx';
import { Page } from '../../components/Page.tsx';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { useBoardIterations, useIterationReport } from '../../projects/useBoardIterations.ts';
import { useAnalysisProject } from '../../projects/useAnalysisProject.ts';
import { T } from '../../texts.ts';
import { BurnUpChart } from './BurnUpChart.tsx';
import { IterationHistory } from './IterationHistory.tsx';
import styles from './Iterations.module.css';

const t = T.iterations;

function UnitSelect(props: { unit: FlowUnit; field: string; onChange: (unit: FlowUnit) => void }) {
  return (
    <div className={styles.toolbar}>
      <label htmlFor="iterations-unit">{T.flow.unitLabel}</label>
      <Select
        id="iterations-unit"
        value={props.unit}
        onChange={(e) => props.onChange(e.target.value as FlowUnit)}
      >
        <Select.Option value="items">{T.flow.unitItems}</Select.Option>
        <Select.Option value="estimate">{T.flow.unitEstimate(props.field)}</Select.Option>
      </Select>
    </div>
  );
}

function CurrentTiles({
  current,
  report,
}: {
  current: NonNullable<IterationReportResponse['current']>;
  report: IterationReportResponse;
}) {
  const tiles = t.tiles;
  return (
    <TileGrid>
      <Tile label={tiles.committed} value={String(current.committed)} hint={tiles.committedHint} />
      <Tile
        label={tiles.scopeChange}
        value={`${current.added - current.removed >= 0 ? '+' : '−'}${Math.abs(current.added - current.removed)}`}
        hint={tiles.scopeChangeHint(current.added, current.removed)}
      />
      <Tile
        label={tiles.completed}
        value={String(current.completed)}
        hint={tiles.completedHint(current.scope)}
      />
      <Tile label={tiles.notDone} value={String(current.not_done)} hint={tiles.notDoneHint(current.scope)} />
      {report.unit === 'estimate' && (
        <Tile label={tiles.unestimated} value={String(current.unestimated)} hint={tiles.unestimatedHint} />
      )}
    </TileGrid>
  );
}

/** The iteration report (docs/metrics.md, "Iteration report"): the current burn-up, then the last six. */
export function IterationsPage() {
  const { project } = useAnalysisProject();
  const [params, setParams] = useSearchParams();
  const projectId = project?.project_id ?? null;
  const { estimateField } = useBoardIterations(projectId);
  const unit: FlowUnit = params.get('unit') === 'estimate' && estimateField !== null ? 'estimate' : 'items';
  const setUnit = (value: FlowUnit) => {
    const next = new URLSearchParams(params);
    if (value === 'items') next.delete('unit');
    else next.set('unit', value);
    setParams(next);
  };
  const query = useIterationReport(projectId, unit);
  const board = project?.title ?? '';
  return (
    <Page
      title={t.title}
      subtitle={project ? project.title : t.subtitle}
      board={project}
      actions={estimateField !== null && <UnitSelect unit={unit} field={estimateField} onChange={setUnit} />}
    >
      <HelpToggle paragraphs={t.help} />
      <AnalysisContent hasProject={project !== null} query={query}>
        {(report) =>
          report.iteration_field === null ? (
            <div className={styles.empty} data-testid="iterations-no-field">
              <IterationsIcon size={24} />
              <p>{t.noField}</p>
            </div>
          ) : (
            <div className={styles.stack}>
              {report.current ? (
                <>
                  <CurrentTiles current={report.current} report={report} />
                  <BurnUpChart report={report} current={report.current} board={board} />
                </>
              ) : (
                <p className={styles.empty}>{t.noCurrent}</p>
              )}
              <IterationHistory report={report} board={board} />
            </div>
          )
        }
      </AnalysisContent>
    </Page>
  );
}
