import { memo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_HEIGHT, LEGEND_STYLE, chartColor, type TimeInStateRow } from '../../lib/chartData.ts';
import type { DurationUnit } from '../../lib/units.ts';
import { T } from '../../texts.ts';
import { formatDayLabel, formatDayTick } from '../../lib/format.ts';

type Props = { rows: TimeInStateRow[]; columns: string[]; unit: DurationUnit };

/** Drawn again only for new rows (the page keeps them per answer): new rows restart its animation. */
export const TimeInStateChart = memo(function TimeInStateChart({ rows, columns, unit }: Props) {
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <BarChart data={rows} margin={{ top: 16, right: 24, bottom: 24, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#d8dee4" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={formatDayTick}
          label={{ value: T.timeInState.xAxis, position: 'insideBottom', offset: -12 }}
        />
        <YAxis label={{ value: T.timeInState.yAxisIn(unit), angle: -90, position: 'insideLeft', dy: 60 }} />
        <Tooltip labelFormatter={formatDayLabel} />
        <Legend verticalAlign="top" wrapperStyle={LEGEND_STYLE} itemSorter={null} />
        {columns.map((column, index) => (
          <Bar key={column} dataKey={column} name={column} stackId="time" fill={chartColor(index)} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
});
