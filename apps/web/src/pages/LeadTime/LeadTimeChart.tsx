import { memo } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_HEIGHT, LEGEND_STYLE, chartColor, type LeadTimeRow } from '../../lib/chartData.ts';
import type { DurationUnit } from '../../lib/units.ts';
import { T } from '../../texts.ts';
import { formatDayLabel, formatDayTick } from '../../lib/format.ts';

type Props = { rows: LeadTimeRow[]; hasCycle: boolean; unit: DurationUnit };

/** Drawn again only for new rows (the page keeps them per answer): new rows restart its animation. */
export const LeadTimeChart = memo(function LeadTimeChart({ rows, hasCycle, unit }: Props) {
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <LineChart data={rows} margin={{ top: 16, right: 24, bottom: 24, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#d8dee4" />
        <XAxis
          dataKey="date"
          tickFormatter={formatDayTick}
          label={{ value: T.leadTime.xAxis, position: 'insideBottom', offset: -12 }}
        />
        <YAxis
          label={{ value: T.leadTime.yAxisIn(unit), angle: -90, position: 'insideLeft' }}
          allowDecimals
        />
        <Tooltip labelFormatter={formatDayLabel} />
        <Legend verticalAlign="top" wrapperStyle={LEGEND_STYLE} itemSorter={null} />
        <Line
          type="monotone"
          dataKey="lead"
          name={T.leadTime.leadSeries}
          stroke={chartColor(0)}
          strokeWidth={2}
          dot={false}
          connectNulls
        />
        {hasCycle && (
          <Line
            type="monotone"
            dataKey="cycle"
            name={T.leadTime.cycleSeries}
            stroke={chartColor(1)}
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={false}
            connectNulls
          />
        )}
      </LineChart>
    </ResponsiveContainer>
  );
});
