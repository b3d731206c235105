import type { IterationReportResponse } from '@fluxion/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import analysis from '../../components/Analysis.module.css';
import { Exportable } from '../../components/Export/Exportable.tsx';
import { LEGEND_STYLE } from '../../lib/chartData.ts';
import { formatDate } from '../../lib/format.ts';
import { historyCsv } from '../../lib/iterationChartData.ts';
import { T } from '../../texts.ts';
import styles from './Iterations.module.css';

const t = T.iterations;

/** The last six finished iterations: committed against completed, as bars and as a table. */
export function IterationHistory({ report, board }: { report: IterationReportResponse; board: string }) {
  const axis = T.flow.axis(report.unit === 'estimate' ? report.estimate_field : null);
  return (
    <section className={analysis.chartCard} data-testid="iteration-history" aria-label={t.historyTitle}>
      <h2 className={styles.cardTitle}>{t.historyTitle}</h2>
      <p className={styles.caption}>{t.historyCaption}</p>
      {report.recent.length === 0 ? (
        <p className={styles.muted}>{t.noHistory}</p>
      ) : (
        <>
          <Exportable name={`${board} ${t.historyTitle}`} csv={() => historyCsv(report)}>
            <ResponsiveContainer width="100%" height={320}>
              <BarChart data={report.recent} margin={{ top: 16, right: 24, bottom: 24, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#d8dee4" />
                <XAxis dataKey="title" />
                <YAxis label={{ value: axis, angle: -90, position: 'insideLeft' }} />
                <Tooltip />
                <Legend verticalAlign="top" wrapperStyle={LEGEND_STYLE} />
                <Bar dataKey="committed" name={t.scopeAtStart} fill="#0969da" isAnimationActive={false} />
                <Bar
                  dataKey="completed"
                  name={t.completed}
                  stackId="end"
                  fill="#8250df"
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="not_done"
                  name={t.notDone}
                  stackId="end"
                  fill="#d4a72c"
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </Exportable>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t.iteration}</th>
                  <th scope="col">{t.dates}</th>
                  <th scope="col">{t.scopeAtStart}</th>
                  <th scope="col">{t.added}</th>
                  <th scope="col">{t.removed}</th>
                  <th scope="col">{t.scopeAtEnd}</th>
                  <th scope="col">{t.completed}</th>
                  <th scope="col">{t.notDone}</th>
                </tr>
              </thead>
              <tbody>
                {[...report.recent].reverse().map((i) => (
                  <tr key={i.id}>
                    <td>
                      {i.title} {i.partial && <span title={t.partial}>{t.partialMark}</span>}
                    </td>
                    <td>
                      {formatDate(i.start)} – {formatDate(i.end)}
                    </td>
                    <td>{i.committed}</td>
                    <td>+{i.added}</td>
                    <td>−{i.removed}</td>
                    <td>{i.scope}</td>
                    <td>{i.completed}</td>
                    <td>{i.not_done}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
