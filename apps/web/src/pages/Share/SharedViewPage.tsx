import type { FlowResponse, LeadTimeResponse, TimeInStateResponse } from '@fluxion/contract';
import { Flash } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { HttpError } from '../../api/errors.ts';
import { api } from '../../api/instance.ts';
import analysis from '../../components/Analysis.module.css';
import { Exportable } from '../../components/Export/Exportable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { leadTimeRows, timeInStateRows } from '../../lib/chartData.ts';
import { leadTimeCsv, timeInStateCsv } from '../../lib/exportTables.ts';
import { filterSummary } from '../../lib/filterSummary.ts';
import { formatDate } from '../../lib/format.ts';
import { unitOf } from '../../lib/units.ts';
import { T } from '../../texts.ts';
import { AgingChart } from '../Flow/AgingChart.tsx';
import { CfdChart } from '../Flow/CfdChart.tsx';
import { ExportBoard } from '../Flow/ChartCard.tsx';
import { CycleTimeChart } from '../Flow/CycleTimeChart.tsx';
import flow from '../Flow/Flow.module.css';
import { FlowHeadline } from '../Flow/FlowTiles.tsx';
import { ForecastTable } from '../Flow/ForecastTable.tsx';
import { LeadTimeChart } from '../LeadTime/LeadTimeChart.tsx';
import { TimeInStateChart } from '../TimeInState/TimeInStateChart.tsx';

/** The token is the address's fragment (`/share#…`): browsers never send it to a server or in a Referer. */
const tokenOf = (hash: string) => decodeURIComponent(hash.replace(/^#/, ''));

/**
 * Why the link is refused: the server's reason (does not exist, revoked, expired) and what to do, or,
 * without a reason (no token, no answer), the possible reasons.
 */
function refusedText(error: unknown): string {
  if (error instanceof HttpError && (error.status === 404 || error.status === 410))
    return `${error.message}. ${T.share.askOwner}`;
  return error instanceof Error ? `${error.message}. ${T.share.refusedHint}` : T.share.refusedHint;
}

/** A board's analyses through a share link: read-only, without sign-in. */
export function SharedViewPage() {
  const token = tokenOf(useLocation().hash);
  const query = useQuery({
    queryKey: ['shared', token],
    queryFn: () => api.call('sharedAnalyses', { query: { token } }),
    enabled: token !== '',
    retry: false,
  });
  if (token === '' || query.isError) {
    return (
      <Page title={T.share.refused}>
        <Flash variant="danger" data-testid="share-refused">
          {refusedText(query.error)}
        </Flash>
      </Page>
    );
  }
  if (!query.data) return <Loading text={T.share.loading} />;
  const data = query.data;
  const flowData = data.flow as FlowResponse;
  const lead = leadTimeRows(data.lead_time as LeadTimeResponse);
  const tis = timeInStateRows(data.time_in_state as TimeInStateResponse, flowData.columns);
  const name = (what: string) => `${data.project_title} ${what}`;
  // A field value filter is named by the board's field, as the board's own pages name it.
  const filtersOn = filterSummary(data.filters, flowData.breakdown?.field);
  const calendar = { timeZone: data.time_zone, daysOff: data.days_off };
  const unit = unitOf(calendar);
  return (
    <Page
      title={T.share.viewTitle(data.project_title)}
      subtitle={T.share.viewNote(data.filters.days, formatDate(data.expires_at), data.time_zone)}
    >
      <div data-testid="shared-view">
        {filtersOn.length > 0 && (
          <Flash data-testid="shared-filters" style={{ marginBottom: 'var(--base-size-16)' }}>
            {T.share.filtersOn(filtersOn)}
          </Flash>
        )}
        <FlowHeadline data={flowData} unit={unit} />
        <ExportBoard.Provider value={data.project_title}>
          <div className={flow.stack}>
            <CfdChart data={flowData} calendar={calendar} />
            <CycleTimeChart data={flowData} calendar={calendar} />
            <div className={flow.split}>
              <AgingChart data={flowData} calendar={calendar} />
              <ForecastTable forecast={flowData.forecast} calendar={calendar} />
            </div>
            <section className={analysis.chartCard} aria-label={T.leadTime.title}>
              <h2 className={flow.cardTitle}>{T.leadTime.title}</h2>
              <Exportable
                name={name(T.leadTime.title)}
                csv={() => leadTimeCsv(lead.rows, lead.hasCycle, calendar)}
              >
                <LeadTimeChart rows={lead.rows} hasCycle={lead.hasCycle} unit={unit} />
              </Exportable>
            </section>
            <section className={analysis.chartCard} aria-label={T.timeInState.title}>
              <h2 className={flow.cardTitle}>{T.timeInState.title}</h2>
              <Exportable
                name={name(T.timeInState.title)}
                csv={() => timeInStateCsv(tis.rows, tis.columns, calendar)}
              >
                <TimeInStateChart rows={tis.rows} columns={tis.columns} unit={unit} />
              </Exportable>
            </section>
          </div>
        </ExportBoard.Provider>
      </div>
    </Page>
  );
}
