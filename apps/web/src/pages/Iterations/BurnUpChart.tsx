import type { IterationReportResponse } from '@fluxion/contract';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import analysis from '../../components/Analysis.module.css';
import { Exportable } from '../../components/Export/Exportable.tsx';
import { CHART_HEIGHT, LEGEND_STYLE } from '../../lib/chartData.ts';
import { formatDate, formatDayLabel, formatDayTick } from '../../lib/format.ts';
import { burnUpCsv, burnUpRows } from '../../lib/iterationChartData.ts';
import { T } from '../../texts.ts';
import styles from './Iterations.module.css';

const t = T.iterations;
type Current = NonNullable<IterationReportResponse['current']>;

/** The current iteration: scope and completed per day as lines, added and removed work as bars. */
export function BurnUpChart({
  report,
  current,
  board,
}: {
  report: IterationReportResponse;
  current: Current;
  board: string;
}) {
  const rows = burnUpRows(current.days, current.start, current.end);
  const axis = T.flow.axis(report.unit === 'estimate' ? report.estimate_field : null);
  return (
    <section
      className={analysis.chartCard}
      data-testid="iteration-burnup"
      aria-label={t.burnUpTitle(current.title)}
    >
      <h2 className={styles.cardTitle}>{t.burnUpTitle(current.title)}</h2>
      <p className={styles.caption}>{t.burnUpCaption(formatDate(current.start), formatDate(current.end))}</p>
      <Exportable name={`${board} ${t.burnUpTitle(current.title)}`} csv={() => burnUpCsv(report)}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <ComposedChart data={rows} margin={{ top: 16, right: 24, bottom: 24, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#d8dee4" />
            <XAxis
              dataKey="date"
              tickFormatter={formatDayTick}
              minTickGap={24}
              label={{ value: t.dateAxis, position: 'insideBottom', offset: -12 }}
            />
            <YAxis label={{ value: axis, angle: -90, position: 'insideLeft' }} />
            <Tooltip labelFormatter={formatDayLabel} />
            <Legend verticalAlign="top" wrapperStyle={LEGEND_STYLE} />
            <ReferenceLine y={0} stroke="#8c959f" />
            <Bar dataKey="added" name={t.added} fill="#1f883d" isAnimationActive={false} />
            <Bar dataKey="removedBelow" name={t.removed} fill="#cf222e" isAnimationActive={false} />
            <Line
              type="stepAfter"
              dataKey="scope"
              name={t.scope}
              stroke="#0969da"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="linear"
              dataKey="completed"
              name={t.completed}
              stroke="#8250df"
              strokeWidth={2}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </Exportable>
    </section>
  );
}
