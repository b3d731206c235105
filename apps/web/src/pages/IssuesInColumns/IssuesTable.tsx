import type { IssueRow } from '@fluxion/contract';
import { Label, Link } from '@primer/react';
import { formatDate, formatDays } from '../../lib/format.ts';
import { daysInColumnLevel } from '../../lib/thresholds.ts';
import { T } from '../../texts.ts';
import styles from './Issues.module.css';
import { labelNames, sortByDaysDesc } from './issuesLogic.ts';

const t = T.issues;

function IssueLine({ issue }: { issue: IssueRow }) {
  const level = daysInColumnLevel(issue.days_in_current_column);
  const labels = labelNames(issue.labels);
  return (
    <tr>
      <td className={styles.number}>{issue.number === null ? '' : `#${issue.number}`}</td>
      <td>
        {issue.url ? (
          <Link href={issue.url} target="_blank" rel="noopener noreferrer">
            {issue.title}
          </Link>
        ) : (
          issue.title
        )}
      </td>
      <td className={`${styles.days} ${level === 'normal' ? '' : styles[level]}`} data-level={level}>
        {formatDays(issue.days_in_current_column)}
      </td>
      <td className={issue.entered_column_at ? undefined : styles.muted}>
        {formatDate(issue.entered_column_at)}
      </td>
      <td className={issue.milestone ? undefined : styles.muted}>{issue.milestone || t.noMilestone}</td>
      <td>
        {labels.length === 0 ? (
          <span className={styles.muted}>{t.noLabels}</span>
        ) : (
          <span className={styles.labels}>
            {labels.map((name) => (
              <Label key={name}>{name}</Label>
            ))}
          </span>
        )}
      </td>
    </tr>
  );
}

export function IssuesTable({ issues }: { issues: IssueRow[] }) {
  if (issues.length === 0) return <div className={`${styles.tableWrap} ${styles.empty}`}>{t.empty}</div>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {[t.colNumber, t.colTitle, t.colDays, t.colEntered, t.colMilestone, t.colLabels].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sortByDaysDesc(issues).map((issue) => (
            <IssueLine key={issue.id} issue={issue} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
