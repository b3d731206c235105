import { memo } from 'react';
import type { ExportCalendar, FlowResponse } from '@fluxion/contract';
import {
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_HEIGHT, chartColor } from '../../lib/chartData.ts';
import { formatDays, formatDayTick } from '../../lib/format.ts';
import {
  dayAxis,
  labelNudges,
  percentileLines,
  type ScatterPoint,
  scatterPoints,
  scatterSpotOf,
  thinnedDots,
  windowDomain,
} from '../../lib/flowChartData.ts';
import { T } from '../../texts.ts';
import { cycleTimeCsv } from '../../lib/exportTables.ts';
import { ChartCard, ChartTooltip } from './ChartCard.tsx';
import { EstimatedLegend } from './EstimatedLegend.tsx';
import { daysADot, itemDotOf } from './ItemDot.tsx';
import { sleReferenceLine } from '../../components/FlowPolicies/sleReferenceLine.tsx';
import { P } from '../../policyTexts.ts';
import { sameChartProps } from './sameChartProps.ts';
import styles from './Flow.module.css';
import { capitalUnit, type DurationUnit, unitOf } from '../../lib/units.ts';

const MARGIN = { top: 16, right: 56, bottom: 24, left: 8 };
// The plot's height: the chart's less its margins and the x axis (recharts' default 30 px).
const PLOT_PX = CHART_HEIGHT - MARGIN.top - MARGIN.bottom - 30;
const LINE_COLORS: Record<number, string> = { 50: '#1a7f37', 70: '#bf8700', 85: '#bc4c00', 95: '#cf222e' };

function PointTooltip({
  payload,
  unit,
}: {
  payload?: readonly { payload?: ScatterPoint }[];
  unit?: DurationUnit;
}) {
  const point = payload?.[0]?.payload;
  if (!point) return null;
  return (
    <ChartTooltip
      lines={[
        T.flow.itemLabel(point.number, point.title),
        point.date,
        T.flow.days(formatDays(point.y), unit),
        ...(point.blockedDays ? [P.blocked.tooltip(point.blockedDays)] : []),
        ...(point.flowEfficiency != null ? [P.blocked.efficiency(point.flowEfficiency)] : []),
        ...(point.estimated ? [T.flow.estimatedPoint] : []),
        ...(point.more ? [T.flow.moreFinishedHere(point.more)] : []),
      ]}
    />
  );
}

export const CycleTimeChart = memo(function CycleTimeChart({
  data,
  calendar,
  projectId,
}: {
  data: FlowResponse;
  calendar: ExportCalendar;
  /** In the app: each dot opens its item's page on this board. */
  projectId?: string;
}) {
  const all = scatterPoints(data, calendar.timeZone);
  const lines = percentileLines(data.cycle_time.percentiles);
  const sle = data.sle ?? null;
  let slowest = 0;
  for (const p of all) if (p.y > slowest) slowest = p.y;
  const top = Math.max(1, slowest, ...lines.map((l) => l.days), sle?.days ?? 0);
  const { top: yTop, ticks } = dayAxis(top * 1.1);
  // In time order, a spot keeps dots evenly apart across it, not its earliest ones.
  const points = thinnedDots(all, scatterSpotOf(data.window, daysADot(yTop, PLOT_PX)), true);
  const thinned = points.some((p) => p.more !== undefined);
  const nudges = labelNudges(
    lines.map((l) => l.days),
    PLOT_PX / yTop,
  );
  return (
    <ChartCard
      title={T.flow.scatterTitle}
      caption={
        thinned
          ? `${T.flow.scatterCaption} ${T.flow.scatterThinned(points.length, all.length)}`
          : T.flow.scatterCaption
      }
      testId="flow-scatter"
      csv={() => cycleTimeCsv(data, calendar)}
    >
      {points.length === 0 ? (
        <p className={styles.empty}>
          {data.history_gaps && data.history_gaps.without_cycle_start > 0
            ? T.historyGaps.noScatter(data.history_gaps.without_cycle_start)
            : T.flow.noCompletions}
        </p>
      ) : (
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <ScatterChart margin={MARGIN}>
            <CartesianGrid strokeDasharray="3 3" stroke="#d8dee4" />
            <XAxis
              type="number"
              dataKey="x"
              domain={windowDomain(data.window)}
              tickFormatter={formatDayTick}
              label={{ value: T.flow.dateAxis, position: 'insideBottom', offset: -12 }}
            />
            <YAxis
              type="number"
              dataKey="y"
              domain={[0, yTop]}
              ticks={ticks}
              label={{ value: capitalUnit(unitOf(calendar)), angle: -90, position: 'insideLeft' }}
            />
            <Tooltip content={<PointTooltip unit={unitOf(calendar)} />} cursor={{ strokeDasharray: '3 3' }} />
            {lines.map((line, i) => (
              <ReferenceLine
                key={line.percentile}
                y={line.days}
                stroke={LINE_COLORS[line.percentile]}
                strokeDasharray="6 4"
                label={{
                  value: `${T.flow.percentile(line.percentile)} ${formatDays(line.days)}d`,
                  position: 'right',
                  dy: nudges[i],
                  fontSize: 11,
                  fill: LINE_COLORS[line.percentile],
                }}
              />
            ))}
            {sle && sleReferenceLine(sle)}
            {/* Each dot opens its item's page: one click from the outlier to the story behind it. */}
            <Scatter
              data={points}
              fill={chartColor(0)}
              fillOpacity={0.75}
              isAnimationActive={false}
              shape={itemDotOf(projectId)}
            />
          </ScatterChart>
        </ResponsiveContainer>
      )}
      <div className={styles.legend}>
        <EstimatedLegend points={points} />
      </div>
    </ChartCard>
  );
}, sameChartProps);
