import type { ExportCalendar, FlowResponse } from '@fluxion/contract';
import { formatDays } from '../../lib/format.ts';
import { blockedByColumnCsv, blockedByColumnRows } from '../../lib/exportTables.ts';
import { capitalUnit, unitOf } from '../../lib/units.ts';
import { P } from '../../policyTexts.ts';
import { ChartCard } from './ChartCard.tsx';
import styles from './Flow.module.css';

/**
 * Blocked days per in-progress column in the window, and the items blocked there now (docs/metrics.md,
 * "Blocked time"), with its CSV; nothing while no item was blocked.
 */
export function BlockedByColumnTable({ data, calendar }: { data: FlowResponse; calendar: ExportCalendar }) {
  const rows = blockedByColumnRows(data);
  if (!data.blocked || rows.length === 0) return null;
  const t = P.blocked;
  return (
    <ChartCard
      title={t.tableTitle}
      caption={t.tableCaption(data.window.days, data.blocked.label, data.blocked.field)}
      testId="flow-blocked-by-column"
      table
      csv={() => blockedByColumnCsv(data, calendar)}
    >
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t.column}</th>
            <th scope="col">{t.blockedDays(capitalUnit(unitOf(calendar)))}</th>
            <th scope="col">{t.now}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.column}>
              <td>{row.column}</td>
              <td>{formatDays(row.days)}</td>
              <td>{row.now}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ChartCard>
  );
}
