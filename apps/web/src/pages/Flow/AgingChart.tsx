import { memo } from 'react';
import type { AgingRisk, ExportCalendar, FlowResponse } from '@fluxion/contract';
import {
  CartesianGrid,
  Cell,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_HEIGHT } from '../../lib/chartData.ts';
import {
  type AgingPoint,
  agingPoints,
  dayAxis,
  oldestAge,
  labelNudges,
  percentileLines,
  RISK_COLORS,
} from '../../lib/flowChartData.ts';
import { formatDays } from '../../lib/format.ts';
import { T } from '../../texts.ts';
import { agingCsv } from '../../lib/exportTables.ts';
import { ChartCard, ChartTooltip } from './ChartCard.tsx';
import { EstimatedLegend } from './EstimatedLegend.tsx';
import { daysADot, itemDotOf } from './ItemDot.tsx';
import { sleReferenceLine } from '../../components/FlowPolicies/sleReferenceLine.tsx';
import { P } from '../../policyTexts.ts';
import { wipLimitsByColumn } from '../../lib/flowPolicies.ts';
import { sameChartProps } from './sameChartProps.ts';
import styles from './Flow.module.css';
import { type DurationUnit, unitOf } from '../../lib/units.ts';

const MARGIN = { top: 16, right: 56, bottom: 24, left: 8 };
// The plot's height: the chart's less its margins and the x axis (recharts' default 30 px).
const PLOT_PX = CHART_HEIGHT - MARGIN.top - MARGIN.bottom - 30;
const LEGEND: AgingRisk[] = ['on_track', 'watch', 'at_risk', 'critical'];

function PointTooltip({
  payload,
  unit,
}: {
  payload?: readonly { payload?: AgingPoint }[];
  unit?: DurationUnit;
}) {
  const p = payload?.[0]?.payload;
  if (!p) return null;
  return (
    <ChartTooltip
      lines={[
        T.flow.itemLabel(p.number, p.title),
        p.column,
        p.ageAtLeast
          ? T.historyGaps.ageAtLeast(T.flow.days(formatDays(p.y), unit))
          : T.flow.days(formatDays(p.y), unit),
        T.flow.risk[p.risk],
        ...(p.sleRisk && p.sleRisk !== 'on_track' ? [`SLE: ${P.sle.risk[p.sleRisk]}`] : []),
        ...(p.blocked ? [P.blocked.now] : []),
        ...(p.blockedDays ? [P.blocked.tooltip(p.blockedDays)] : []),
        ...(p.estimated ? [T.flow.estimatedPoint] : []),
        ...(p.more ? [T.flow.moreHere(p.more, p.column)] : []),
      ]}
    />
  );
}

/** Bands under the dots: up to p50 on track, to p85 watch, to p95 at risk, above critical. */
function bands(p: FlowResponse['cycle_time']['percentiles'], top: number) {
  if (p.p50 === null || p.p85 === null || p.p95 === null) return [];
  return [
    { from: 0, to: p.p50, risk: 'on_track' as const },
    { from: p.p50, to: p.p85, risk: 'watch' as const },
    { from: p.p85, to: p.p95, risk: 'at_risk' as const },
    { from: p.p95, to: top, risk: 'critical' as const },
  ].filter((b) => b.to > b.from);
}

/** Pixels a character of a 12 px tick takes, about: a band of the axis holds its width / this a line. */
const TICK_CHAR_PX = 7;

/** A column name under its band, word-wrapped: on a phone three names side by side ran into each other. */
function ColumnTick(props: {
  columns: string[];
  x?: number;
  y?: number;
  width?: number;
  payload?: { value: number };
}) {
  const name = props.columns[props.payload?.value ?? -1] ?? '';
  const perLine = Math.max(8, Math.floor((props.width ?? 0) / props.columns.length / TICK_CHAR_PX));
  const lines: string[] = [];
  for (const word of name.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return (
    <text x={props.x} y={props.y} textAnchor="middle" fill="#59636e" fontSize={12}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one name, fixed in order
        <tspan key={i} x={props.x} dy={i === 0 ? 12 : 14}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/** Column names under the bands, with "(items/limit)" where the column has a WIP limit. */
function columnTicks(data: FlowResponse): string[] {
  const limits = wipLimitsByColumn(data);
  return data.aging.columns.map((name) => {
    const w = limits.get(name);
    return w ? P.wip.tick(name, w.count, w.limit) : name;
  });
}

export const AgingChart = memo(function AgingChart({
  data,
  calendar,
  projectId,
}: {
  data: FlowResponse;
  calendar: ExportCalendar;
  /** In the app: each dot opens its item's page on this board. */
  projectId?: string;
}) {
  const columns = columnTicks(data);
  const sle = data.sle ?? null;
  const p95 = data.cycle_time.percentiles.p95 ?? 0;
  const { top, ticks } = dayAxis(Math.max(1, p95 * 1.25, (sle?.days ?? 0) * 1.1, oldestAge(data) * 1.1));
  const points = agingPoints(data, daysADot(top, PLOT_PX));
  const thinned = points.some((p) => p.more !== undefined);
  const lines = percentileLines(data.cycle_time.percentiles).filter((line) => line.percentile !== 70);
  const nudges = labelNudges(
    lines.map((l) => l.days),
    PLOT_PX / top,
  );
  return (
    <ChartCard
      title={T.flow.agingTitle}
      caption={
        thinned
          ? `${T.flow.agingCaption} ${T.flow.agingThinned(points.length, data.aging.items.length)}`
          : T.flow.agingCaption
      }
      testId="flow-aging"
      csv={() => agingCsv(data, calendar)}
    >
      {points.length === 0 ? (
        <p className={styles.empty}>{T.flow.noWip}</p>
      ) : (
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <ScatterChart margin={MARGIN}>
            {bands(data.cycle_time.percentiles, top).map((b) => (
              <ReferenceArea
                key={b.risk}
                y1={b.from}
                y2={b.to}
                fill={RISK_COLORS[b.risk]}
                fillOpacity={b.risk === 'critical' ? 0.04 : 0.1}
                ifOverflow="hidden"
              />
            ))}
            <CartesianGrid strokeDasharray="3 3" stroke="#d8dee4" />
            <XAxis
              type="number"
              dataKey="x"
              domain={[-0.5, columns.length - 0.5]}
              ticks={columns.map((_, i) => i)}
              tick={<ColumnTick columns={columns} />}
              interval={0}
              height={44}
            />
            <YAxis
              type="number"
              dataKey="y"
              domain={[0, top]}
              ticks={ticks}
              label={{ value: T.flow.ageAxisIn(unitOf(calendar)), angle: -90, position: 'insideLeft' }}
            />
            {lines.map((line, i) => (
              <ReferenceLine
                key={line.percentile}
                y={line.days}
                stroke="#818b98"
                strokeDasharray="6 4"
                label={{
                  // Beside the plot, as on the cycle-time chart: inside it, a label sat on the next line down.
                  value: `${T.flow.percentile(line.percentile)} ${formatDays(line.days)}d`,
                  position: 'right',
                  dy: nudges[i],
                  fontSize: 11,
                  fill: '#59636e',
                }}
              />
            ))}
            {sle && sleReferenceLine(sle)}
            <Tooltip content={<PointTooltip unit={unitOf(calendar)} />} cursor={false} />
            {/* Each dot opens its item's page. */}
            <Scatter
              data={points}
              isAnimationActive={false}
              stroke="#ffffff"
              strokeWidth={1}
              shape={itemDotOf(projectId)}
            >
              {points.map((p) => (
                <Cell key={p.id} fill={RISK_COLORS[p.risk]} />
              ))}
            </Scatter>
          </ScatterChart>
        </ResponsiveContainer>
      )}
      <div className={styles.legend}>
        {LEGEND.map((risk) => (
          <span key={risk} data-legend-color={RISK_COLORS[risk]}>
            <span className={styles.swatch} style={{ background: RISK_COLORS[risk] }} />
            {T.flow.risk[risk]}
          </span>
        ))}
        <EstimatedLegend points={points} />
      </div>
    </ChartCard>
  );
}, sameChartProps);
