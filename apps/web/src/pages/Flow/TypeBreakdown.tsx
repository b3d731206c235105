import type { DimensionFlowRow, ExportCalendar, FlowResponse } from '@fluxion/contract';
import { Select } from '@primer/react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { breakdownCsv } from '../../lib/exportTables.ts';
import type { DurationUnit } from '../../lib/units.ts';
import { viewerFormat } from '../../lib/viewerFormat.ts';
import { ChartCard } from './ChartCard.tsx';
import styles from './Flow.module.css';

/** A duration as every other figure of the page reads it ("57.6 days", the tiles' rounding), not "57.61 d". */
const days = (value: number | null, unit?: DurationUnit) =>
  value === null ? '–' : viewerFormat.duration(value, unit);

/** What the card splits by, and the board's breakdown field to offer beside issue types (null: none). */
export type SplitChoice = {
  field: string | null;
  onChange: (by: 'issue_type' | 'field') => void;
};

/** The card's words for what it splits by: the issue type, or the board's field ("Priority"). */
function splitWords(data: FlowResponse) {
  const field = data.breakdown?.by === 'field' ? data.breakdown.field : null;
  return field
    ? { title: `Work by ${field}`, per: `per ${field}`, column: field, none: `No ${field}` }
    : { title: 'Work type distribution', per: 'per issue type', column: 'Type', none: 'No type' };
}

/** The rows to draw: the breakdown's, or (an older answer) the type rows. */
function rowsOf(data: FlowResponse): DimensionFlowRow[] {
  if (data.breakdown) return data.breakdown.rows;
  return (data.by_type ?? []).map(({ type, ...row }) => ({ value: type, ...row }));
}

/** What the CSV names: the answer's breakdown, or (an older answer) the type rows. */
const breakdownOf = (data: FlowResponse, rows: DimensionFlowRow[]) =>
  data.breakdown ?? { by: 'issue_type' as const, field: null, rows };

/**
 * Flow split by issue type or by the board's breakdown field (docs/metrics.md, "Breakdown"): how the
 * window's finished work and today's work in progress divide between values, then each value's cycle-time
 * percentiles, oldest item and (for types) its own SLE. Its title says what it splits by; with a breakdown
 * field, a choice between the two. Nothing on a board whose items carry no value, and no choice to make;
 * `filtered` (the page's filter is on, e.g. to "No Priority"), the rows even when none has a value.
 */
export function TypeBreakdown({
  data,
  split,
  unit,
  filtered = false,
  calendar,
}: {
  data: FlowResponse;
  split?: SplitChoice;
  unit?: DurationUnit;
  filtered?: boolean;
  /** The board's calendar, which the CSV's units name; without it, no CSV. */
  calendar?: ExportCalendar;
}) {
  const rows = rowsOf(data);
  const words = splitWords(data);
  const by = data.breakdown?.by ?? 'issue_type';
  const chooser = split?.field ? (
    <div className={styles.splitChoice}>
      <label htmlFor="flow-split">Split by</label>
      <Select
        id="flow-split"
        size="small"
        value={by}
        onChange={(e) => split.onChange(e.target.value as 'issue_type' | 'field')}
      >
        <Select.Option value="issue_type">Issue type</Select.Option>
        <Select.Option value="field">{split.field}</Select.Option>
      </Select>
    </div>
  ) : null;
  const note = data.breakdown?.note ? (
    <p className={styles.unitNote} data-testid="breakdown-note">
      {data.breakdown.note}
    </p>
  ) : null;
  if (rows.length === 0 || (!filtered && rows.every((row) => row.value === null))) {
    if (!chooser && !note) return null;
    return (
      <ChartCard
        title={words.title}
        caption={`No item has a value ${words.per} yet.`}
        testId="flow-by-type"
        table
      >
        {chooser}
        {note}
      </ChartCard>
    );
  }
  const typeName = (row: DimensionFlowRow) => row.value ?? words.none;
  const chart = rows.map((row) => ({
    type: typeName(row),
    finished: row.throughput,
    'in progress': row.wip,
  }));
  // Cycle time and aging side by side: a type's p50 and p85 of finished items, and its oldest in progress.
  const times = rows.map((row) => ({
    type: typeName(row),
    p50: row.p50 ?? 0,
    p85: row.p85 ?? 0,
    oldest: row.oldest_days ?? 0,
  }));
  const height = 40 + rows.length * 36;
  return (
    <ChartCard
      title={words.title}
      caption={`Finished items over the last ${data.window.days} days and items in progress now, then cycle-time percentiles and the oldest item in progress (days), ${words.per}.`}
      testId="flow-by-type"
      table
      {...(calendar ? { csv: () => breakdownCsv(breakdownOf(data, rows), data.window.days, calendar) } : {})}
    >
      {chooser}
      {note}
      <div style={{ width: '100%', height }} data-testid="type-counts-chart">
        <ResponsiveContainer>
          <BarChart data={chart} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="type" width={90} />
            <Tooltip />
            <Legend />
            <Bar dataKey="finished" stackId="a" fill="#1f883d" />
            <Bar dataKey="in progress" stackId="b" fill="#0969da" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div style={{ width: '100%', height: height + 36 }} data-testid="type-times-chart">
        <ResponsiveContainer>
          <BarChart data={times} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" unit=" d" />
            <YAxis type="category" dataKey="type" width={90} />
            <Tooltip />
            <Legend />
            <Bar dataKey="p50" name="cycle time p50" fill="#8250df" />
            <Bar dataKey="p85" name="cycle time p85" fill="#bf3989" />
            <Bar dataKey="oldest" name="oldest in progress" fill="#bc4c00" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{words.column}</th>
              <th scope="col">Finished</th>
              <th scope="col">In progress</th>
              <th scope="col">p50</th>
              <th scope="col">p85</th>
              <th scope="col">Oldest</th>
              {by === 'issue_type' && <th scope="col">SLE</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={typeName(row)} data-testid="type-row">
                <td className={styles.strong}>{typeName(row)}</td>
                <td>{row.throughput}</td>
                <td>{row.wip}</td>
                <td>{days(row.p50, unit)}</td>
                <td>{days(row.p85, unit)}</td>
                <td>
                  {days(row.oldest_days, unit)}
                  {row.over_p85 > 0 && <span className={styles.muted}> ({row.over_p85} past p85)</span>}
                </td>
                {by === 'issue_type' && (
                  <td>
                    {row.sle
                      ? `${row.sle.percent}% in ${row.sle.days} d: ${row.sle.met_percent ?? '–'}% met, ${row.sle.breached_now} past it`
                      : '–'}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ChartCard>
  );
}
