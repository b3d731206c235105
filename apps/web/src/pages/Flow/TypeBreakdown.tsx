import type { FlowResponse, TypeFlowRow } from '@fluxion/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from './ChartCard.tsx';
import styles from './Flow.module.css';

const NO_TYPE = 'No type';
const typeName = (row: TypeFlowRow) => row.type ?? NO_TYPE;
const days = (value: number | null) => (value === null ? '–' : `${value} d`);

/**
 * Flow split by issue type (docs/metrics.md, "Breakdown by type"): how the window's finished work and
 * today's work in progress divide between types, then each type's cycle-time percentiles, oldest item
 * and its own SLE. Nothing on a board whose items carry no type.
 */
export function TypeBreakdown({ data }: { data: FlowResponse }) {
  const rows = data.by_type ?? [];
  if (rows.length === 0 || rows.every((row) => row.type === null)) return null;
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
      title="Work type distribution"
      caption={`Finished items over the last ${data.window.days} days and items in progress now, then cycle-time percentiles and the oldest item in progress (days), per issue type.`}
      testId="flow-by-type"
      table
    >
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
              <th scope="col">Type</th>
              <th scope="col">Finished</th>
              <th scope="col">In progress</th>
              <th scope="col">p50</th>
              <th scope="col">p85</th>
              <th scope="col">Oldest</th>
              <th scope="col">SLE</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={typeName(row)} data-testid="type-row">
                <td className={styles.strong}>{typeName(row)}</td>
                <td>{row.throughput}</td>
                <td>{row.wip}</td>
                <td>{days(row.p50)}</td>
                <td>{days(row.p85)}</td>
                <td>
                  {days(row.oldest_days)}
                  {row.over_p85 > 0 && <span className={styles.muted}> ({row.over_p85} past p85)</span>}
                </td>
                <td>
                  {row.sle
                    ? `${row.sle.percent}% in ${row.sle.days} d: ${row.sle.met_percent ?? '–'}% met, ${row.sle.breached_now} past it`
                    : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ChartCard>
  );
}
