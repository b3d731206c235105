import type { FlowResponse } from '@fluxion/contract';
import type { DurationUnit } from '../../lib/units.ts';
import { viewerFormat } from '../../lib/viewerFormat.ts';
import { P } from '../../policyTexts.ts';
import styles from './FlowPolicies.module.css';

/**
 * The board's flow policies as the Flow answer applies them: its SLE (set or proposed), its WIP limits
 * (now, and the days over in the window), blocked time and flow efficiency.
 */
export function FlowPoliciesSummary({
  data,
  unit,
  filtered = false,
}: {
  data: FlowResponse;
  unit?: DurationUnit;
  /** Whether an item filter is on: a proposal missing for lack of finished items is then the filter's. */
  filtered?: boolean;
}) {
  const sle = data.sle;
  const blocked = data.blocked;
  // "0 items are blocked now" on a board where nothing was blocked in the window is noise: said only
  // when something is or was blocked.
  const anyBlocked = !!blocked && (blocked.blocked_now > 0 || Object.keys(blocked.by_column).length > 0);
  return (
    <div className={styles.summary} data-testid="flow-policies">
      <span data-testid="flow-sle">
        {sle ? (
          <>
            <strong>SLE</strong> {P.sle.statement(sle.percent, sle.days, unit)}{' '}
            <span className={styles.muted}>({P.sle.source[sle.source]})</span>
          </>
        ) : (
          <span className={styles.muted}>{filtered ? P.sle.noneFiltered : P.sle.none}</span>
        )}
      </span>
      {blocked && blocked.flow_efficiency !== null && (
        <span data-testid="flow-efficiency" title={P.blocked.efficiencyAbout}>
          {P.blocked.efficiency(blocked.flow_efficiency)}
        </span>
      )}
      {anyBlocked && (
        <span className={styles.muted} data-testid="blocked-now">
          {P.blocked.summary(blocked.label, blocked.blocked_now, blocked.field)}
        </span>
      )}
      {blocked && Object.keys(blocked.by_column).length > 0 && (
        <span data-testid="blocked-by-column">
          {P.blocked.byColumnTitle(data.window.days)}{' '}
          {Object.entries(blocked.by_column)
            .map(([column, days]) => P.blocked.byColumn(column, days))
            .join(', ')}
        </span>
      )}
    </div>
  );
}

/** The viewer's date, as the forecast and the history notes print theirs ("Nov 23, 2026", not "2026-11-23"). */
const dateText = (day: string | undefined) => (day ? (viewerFormat.date(day) ?? day) : '');

/** A few dates in full; a long run as its first and last (a month of dates says less than its ends). */
const datesText = (dates: readonly string[]) =>
  dates.length <= 3 ? dates.map(dateText).join(', ') : `${dateText(dates[0])} … ${dateText(dates.at(-1))}`;

/** Under the cumulative flow: each WIP limit, the items in its column now and the window's days over it. */
export function WipLimitsNote({ data }: { data: FlowResponse }) {
  const limits = data.wip_limits ?? [];
  if (limits.length === 0) return null;
  return (
    <p className={styles.note} data-testid="wip-limits-note">
      <strong>{P.wip.title}:</strong>{' '}
      {limits.map((w, i) => (
        <span key={w.column} data-testid="wip-limit" data-over={w.over}>
          {i > 0 && '; '}
          {P.wip.state(w.column, w.count, w.limit)}
          {w.over && <span className={styles.over}> ({P.wip.overNow})</span>},{' '}
          {P.wip.overDays(w.dates_over.length, data.window.days)}
          {w.dates_over.length > 0 && ` (${datesText(w.dates_over)})`}
        </span>
      ))}
    </p>
  );
}
