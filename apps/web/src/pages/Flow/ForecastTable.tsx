import type { ExportCalendar, FlowForecast } from '@fluxion/contract';
import { formatDate } from '../../lib/format.ts';
import { T } from '../../texts.ts';
import { forecastCsv } from '../../lib/exportTables.ts';
import { ChartCard, UnitField } from './ChartCard.tsx';
import { useContext } from 'react';
import styles from './Flow.module.css';
import { forecastSample } from '../../lib/forecastSample.ts';
import { unitOf } from '../../lib/units.ts';

const t = T.flow;

export function ForecastTable({
  forecast,
  calendar,
}: {
  forecast: FlowForecast | null;
  calendar: ExportCalendar;
}) {
  const field = useContext(UnitField);
  const caption = forecast
    ? t.forecastCaptionOf(forecastSample(forecast, unitOf(calendar)), forecast.trials)
    : t.noForecast;
  return (
    <ChartCard
      title={t.forecastTitle}
      caption={caption}
      testId="flow-forecast"
      table
      {...(forecast ? { csv: () => forecastCsv(forecast, calendar, field) } : {})}
    >
      {forecast && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t.confidence}</th>
              <th scope="col">
                {field === null
                  ? t.howMany(forecast.how_many.horizon_days)
                  : `${field} in the next ${forecast.how_many.horizon_days} days`}
              </th>
              <th scope="col">
                {field === null
                  ? t.when(forecast.when.items)
                  : `Next ${t.amount(forecast.when.items, field)} done by`}
              </th>
            </tr>
          </thead>
          <tbody>
            {forecast.how_many.results.map((row, i) => {
              const when = forecast.when.results[i];
              return (
                <tr key={row.confidence}>
                  <td className={styles.strong}>{Math.round(row.confidence * 100)}%</td>
                  <td>{t.atLeast(row.items)}</td>
                  <td>
                    {when?.date ? formatDate(when.date) : <span className={styles.muted}>{t.never}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {forecast && (
        <>
          <p className={styles.muted}>
            {field === null
              ? t.sampleNote(
                  formatDate(forecast.sample_start),
                  formatDate(forecast.sample_end),
                  forecast.mean_daily_throughput,
                )
              : t.sampleNoteIn(
                  formatDate(forecast.sample_start),
                  formatDate(forecast.sample_end),
                  t.amount(forecast.mean_daily_throughput, field),
                )}
          </p>
          <p className={styles.muted}>{t.forecastNote}</p>
        </>
      )}
    </ChartCard>
  );
}
