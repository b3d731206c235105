import type { ItemHistoryResponse } from '@fluxion/contract';
import { LinkExternalIcon } from '@primer/octicons-react';
import { Link } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { HttpError } from '../../api/errors.ts';
import { getItemHistory } from '../../api/item.ts';
import { getParents } from '../../api/hierarchy.ts';
import { ParentDetails } from '../Parents/ParentForecast.tsx';
import { NoProject } from '../../components/AnalysisStates.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { isPaywallError, Paywall } from '../../components/Paywall/Paywall.tsx';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { formatDate, formatDateTime, viewerFormat } from '../../lib/format.ts';
import { useAnalysisProject } from '../../projects/useAnalysisProject.ts';
import { T } from '../../texts.ts';
import styles from './Item.module.css';

const t = T.item;

/** "#12 Checkout" (a draft has no number). */
const itemName = (item: ItemHistoryResponse['item']) =>
  `${item.number === null ? '' : `#${item.number} `}${item.title || t.untitled}`;

/**
 * One item of a board (docs/metrics.md, "The item page"): its moves with their source, its time per
 * column, its blocked spans and its place against the SLE, with a link on to GitHub. Opened from a
 * chart's dot, a table's row or an at-risk entry; `?project=&item=` reopens it.
 */
export function ItemPage() {
  const { project } = useAnalysisProject();
  const [params] = useSearchParams();
  const itemId = params.get('item') ?? '';
  const projectId = project?.project_id ?? '';
  const query = useQuery({
    queryKey: ['item', projectId, itemId],
    queryFn: () => getItemHistory({ project: projectId, item: itemId }),
    enabled: projectId !== '' && itemId !== '',
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });
  const data = query.data;
  return (
    <Page title={data ? itemName(data.item) : t.title} subtitle={project?.title} board={project}>
      {!project ? (
        <NoProject />
      ) : query.isLoading ? (
        <Loading text={t.loading} />
      ) : isPaywallError(query.error) ? (
        <Paywall />
      ) : query.error instanceof HttpError && query.error.status === 404 ? (
        <ErrorState error={new Error(t.notFound)} />
      ) : query.isError || !data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <ItemDetails data={data} projectId={projectId} />
      )}
    </Page>
  );
}

/** Which of the item's figures its lost moves leave unknown: the very ones its tiles show as Unknown. */
function lostFigures(
  data: Pick<ItemHistoryResponse, 'completed_at' | 'cycle_time_days' | 'lead_time_days' | 'age_is_minimum'>,
): 'cycleAndLead' | 'cycle' | 'lead' | 'age' | 'nothing' {
  if (data.completed_at === null) return data.age_is_minimum ? 'age' : 'nothing';
  const cycle = data.cycle_time_days === null;
  const lead = data.lead_time_days === null;
  if (cycle && lead) return 'cycleAndLead';
  if (cycle) return 'cycle';
  return lead ? 'lead' : 'nothing';
}

function ItemDetails({ data, projectId }: { data: ItemHistoryResponse; projectId: string }) {
  const f = viewerFormat;
  const duration = (days: number | null) => (days === null ? t.unknown : f.duration(days, data.unit));
  const age =
    data.age_days === null
      ? null
      : data.age_is_minimum
        ? t.atLeast(duration(data.age_days))
        : duration(data.age_days);
  return (
    <div className={styles.item}>
      <p className={styles.links}>
        {data.item.url && (
          <Link href={data.item.url} target="_blank" rel="noopener noreferrer" data-testid="item-github">
            {t.openOnGithub} <LinkExternalIcon size={14} />
          </Link>
        )}
        <RouterLink to={`/flow?project=${encodeURIComponent(projectId)}`}>{t.back}</RouterLink>
      </p>
      <TileGrid>
        <Tile label={t.column} value={data.item.column ?? t.offBoard} />
        {data.completed_at === null ? (
          <Tile label={t.age} value={age ?? t.notStarted} />
        ) : (
          <Tile label={t.cycleTime} value={duration(data.cycle_time_days)} />
        )}
        <Tile
          label={t.leadTime}
          value={data.completed_at === null ? t.notFinished : duration(data.lead_time_days)}
        />
        <Tile label={t.blocked} value={duration(data.blocked_days)} />
      </TileGrid>
      <SlePlace data={data} />
      <ParentSection projectId={projectId} itemId={data.item.id} />
      {data.blocked_by.length > 0 && <BlockedBy data={data} />}
      {data.history_known_from && (
        <p className={styles.note} data-testid="item-partial">
          {t.partial(formatDate(data.history_known_from, data.time_zone), lostFigures(data))}
        </p>
      )}
      <MovesTable data={data} />
      <div className={styles.twoTables}>
        <TimePerColumn data={data} />
        <BlockedSpans data={data} />
      </div>
    </div>
  );
}

/** When the item is a parent on the board: its children and the forecast of the rest (docs/metrics.md, "Parents"). */
function ParentSection({ projectId, itemId }: { projectId: string; itemId: string }) {
  const query = useQuery({
    queryKey: ['parents', projectId, itemId],
    queryFn: () => getParents({ project: projectId, item: itemId }),
    // An item that is no parent gets an empty list: nothing to show. A failure shows nothing either.
    retry: false,
  });
  const parent = query.data?.parents[0];
  return parent ? <ParentDetails parent={parent} projectId={projectId} /> : null;
}

/** The open issues blocking the item now, each a link to it on GitHub (docs/metrics.md, "Dependency blocking"). */
function BlockedBy({ data }: { data: ItemHistoryResponse }) {
  return (
    <section className={styles.card}>
      <h2 className={styles.heading}>{t.blockedBy}</h2>
      <p className={styles.muted}>{t.blockedByNote}</p>
      <ul className={styles.spans} data-testid="item-blocked-by">
        {data.blocked_by.map((b) => (
          <li key={b.url}>
            <Link href={b.url} target="_blank" rel="noopener noreferrer">
              {b.repository}#{b.number} {b.title} <LinkExternalIcon size={12} />
            </Link>{' '}
            <span className={styles.muted}>{t.blockedSince(formatDateTime(b.since, data.time_zone))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SlePlace({ data }: { data: ItemHistoryResponse }) {
  const sle = data.sle;
  const text = sle
    ? t.sle[sle.place](t.sleStatement(sle.percent, viewerFormat.duration(sle.days, data.unit), sle.source))
    : t.sleNone;
  const tone = !sle ? 'neutral' : sle.place === 'met' || sle.place === 'on_track' ? 'ok' : 'warn';
  return (
    <section className={styles.card}>
      <h2 className={styles.heading}>{t.sleTitle}</h2>
      <p className={styles[tone]} data-testid="item-sle" data-place={sle?.place ?? 'none'}>
        {text}
      </p>
    </section>
  );
}

function MovesTable({ data }: { data: ItemHistoryResponse }) {
  return (
    <section className={styles.card}>
      <h2 className={styles.heading}>{t.moves}</h2>
      {data.moves.length === 0 ? (
        <p className={styles.muted}>{t.noMoves}</p>
      ) : (
        <table className={styles.table} data-testid="item-moves">
          <thead>
            <tr>
              <th>{t.colWhen}</th>
              <th>{t.colFrom}</th>
              <th>{t.colTo}</th>
              <th>{t.colSource}</th>
            </tr>
          </thead>
          <tbody>
            {data.moves.map((m) => (
              <tr key={`${m.at}-${m.to}`}>
                <td data-label={t.colWhen}>{formatDateTime(m.at, data.time_zone)}</td>
                <td data-label={t.colFrom}>{m.from ?? t.nowhere}</td>
                <td data-label={t.colTo}>{m.to ?? t.nowhere}</td>
                <td data-label={t.colSource}>
                  {m.basis ? t.estimatedFrom(t.bases[m.basis]) : t.sources[m.source]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function TimePerColumn({ data }: { data: ItemHistoryResponse }) {
  return (
    <section className={styles.card}>
      <h2 className={styles.heading}>{t.timePerColumn}</h2>
      {data.time_in_column.length === 0 ? (
        <p className={styles.muted}>{t.noTime}</p>
      ) : (
        <table className={styles.table} data-testid="item-columns">
          <thead>
            <tr>
              <th>{t.colColumn}</th>
              <th>{t.colTime(data.unit)}</th>
              <th>{t.colStays}</th>
            </tr>
          </thead>
          <tbody>
            {data.time_in_column.map((c) => (
              <tr key={c.column}>
                <td data-label={t.colColumn}>{c.column}</td>
                <td data-label={t.colTime(data.unit)}>{viewerFormat.days(c.days)}</td>
                <td data-label={t.colStays}>{c.stays}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function BlockedSpans({ data }: { data: ItemHistoryResponse }) {
  return (
    <section className={styles.card}>
      <h2 className={styles.heading}>{t.blockedSpans}</h2>
      {data.blocked.length === 0 ? (
        <p className={styles.muted}>{t.noBlocked}</p>
      ) : (
        <ul className={styles.spans} data-testid="item-blocked">
          {data.blocked.map((s) => (
            <li key={s.start}>
              {formatDateTime(s.start, data.time_zone)} –{' '}
              {s.end ? formatDateTime(s.end, data.time_zone) : t.stillBlocked}
              {': '}
              {viewerFormat.duration(s.days, data.unit)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
