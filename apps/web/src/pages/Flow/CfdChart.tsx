import type { ExportCalendar, FlowResponse } from '@fluxion/contract';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_HEIGHT, LEGEND_STYLE, chartColor } from '../../lib/chartData.ts';
import { cfdCsv } from '../../lib/exportTables.ts';
import { cfdBaseline, cfdRows } from '../../lib/flowChartData.ts';
import { sameChartProps } from './sameChartProps.ts';
import { T } from '../../texts.ts';
import { ChartCard, UnitField } from './ChartCard.tsx';
import { memo, useContext } from 'react';
import { formatDayLabel, formatDayTick } from '../../lib/format.ts';

/** Stacked bands from done (bottom) to the first column (top): the classic cumulative flow diagram. */
export const CfdChart = memo(function CfdChart({
  data,
  calendar,
}: {
  data: FlowResponse;
  calendar: ExportCalendar;
}) {
  const rows = cfdRows(data);
  const field = useContext(UnitField);
  const stacked = data.columns.map((column, index) => ({ column, color: chartColor(index) })).reverse();
  return (
    <ChartCard
      title={T.flow.cfdTitle}
      caption={T.flow.cfdCaption}
      testId="flow-cfd"
      csv={() => cfdCsv(data, calendar)}
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <AreaChart data={rows} margin={{ top: 16, right: 24, bottom: 24, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#d8dee4" />
          <XAxis
            dataKey="date"
            tickFormatter={formatDayTick}
            minTickGap={24}
            label={{ value: T.flow.dateAxis, position: 'insideBottom', offset: -12 }}
          />
          <YAxis
            allowDecimals={false}
            allowDataOverflow
            domain={[cfdBaseline(data), 'auto']}
            label={{ value: T.flow.axis(field), angle: -90, position: 'insideLeft' }}
          />
          <Tooltip
            labelFormatter={formatDayLabel}
            itemSorter={(item) => data.columns.indexOf(String(item.name))}
          />
          <Legend
            verticalAlign="top"
            wrapperStyle={LEGEND_STYLE}
            itemSorter={(item) => data.columns.indexOf(String(item.value))}
          />
          {stacked.map(({ column, color }) => (
            <Area
              key={column}
              type="stepAfter"
              dataKey={column}
              name={column}
              stackId="cfd"
              stroke={color}
              fill={color}
              fillOpacity={0.55}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}, sameChartProps);
