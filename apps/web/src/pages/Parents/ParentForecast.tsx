import type { ParentFlowRow } from '@fluxion/contract';
import { formatDate } from '../../lib/format.ts';
import styles from './Parents.module.css';

/** "85 %: done by 14 Jan", or why there is no date. */
export function forecastLine(parent: ParentFlowRow): string {
  if (parent.progress.total > 0 && parent.progress.done === parent.progress.total) return 'All children done';
  if (parent.stalled) return 'No forecast: none of its children finished lately';
  const p85 = parent.forecast?.results.find((r) => r.confidence === 0.85);
  return p85?.date ? `85 %: done by ${formatDate(p85.date)}` : 'No forecast within 1,000 days';
}

/** Progress by count (and by estimate where the board reads one), as a bar and in words. */
export function ParentProgress({ parent }: { parent: ParentFlowRow }) {
  const { done, total, estimate } = parent.progress;
  const share = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className={styles.progress}>
      <div
        className={styles.bar}
        role="progressbar"
        aria-valuenow={share}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="Children done"
      >
        <span style={{ width: `${share}%` }} />
      </div>
      <span>
        {done} of {total} children done
        {estimate ? ` · ${estimate.done} of ${estimate.total} by estimate` : ''}
      </span>
    </div>
  );
}

/** A parent's children by column, its lead time and its forecast at 50/85/95 % (the item page). */
export function ParentDetails({ parent, projectId }: { parent: ParentFlowRow; projectId: string }) {
  return (
    <section className={styles.card} data-testid="parent-forecast" aria-label="Children and forecast">
      <h2 className={styles.title}>Children and forecast</h2>
      <ParentProgress parent={parent} />
      <p className={styles.forecast}>{forecastLine(parent)}</p>
      {parent.forecast && (
        <ul className={styles.confidences}>
          {parent.forecast.results.map((r) => (
            <li key={r.confidence}>
              {Math.round(r.confidence * 100)} %: {r.date ? formatDate(r.date) : 'not within 1,000 days'}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>
        {parent.lead_time.days === null
          ? 'No child started yet.'
          : parent.lead_time.finished_at
            ? `Lead time ${parent.lead_time.days} days, first child started to last child done.`
            : `${parent.lead_time.days} days since its first child started.`}{' '}
        Its share of the team's finished items lately: {Math.round(parent.share * 100)} %.
      </p>
      <p className={styles.muted}>{parent.by_column.map((c) => `${c.column}: ${c.count}`).join(' · ')}</p>
      <ul className={styles.children}>
        {parent.children.map((child) => (
          <li key={child.id}>
            <a href={`/item?project=${encodeURIComponent(projectId)}&item=${encodeURIComponent(child.id)}`}>
              {child.number === null ? '' : `#${child.number} `}
              {child.title}
            </a>{' '}
            <span className={styles.muted}>
              {child.column ?? 'no column'}
              {child.issue_type ? ` · ${child.issue_type}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
