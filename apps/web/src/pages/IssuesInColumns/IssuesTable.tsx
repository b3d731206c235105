import type { IssueRow } from '@fluxion/contract';
import { Button, Label, Link } from '@primer/react';
import { PRIVATE_ITEM_TITLE } from '@fluxion/contract/constants';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { itemPath } from '../../lib/itemLink.ts';
import { formatDate, formatDays } from '../../lib/format.ts';
import { daysInColumnLevel } from '../../lib/thresholds.ts';
import type { DurationUnit } from '../../lib/units.ts';
import { T } from '../../texts.ts';
import styles from './Issues.module.css';
import { labelNames, sortByDaysDesc } from './issuesLogic.ts';

const t = T.issues;

type LineProps = { issue: IssueRow; timeZone: string; unit: DurationUnit; projectId?: string };

function IssueLine({ issue, timeZone, unit, projectId }: LineProps) {
  const level = daysInColumnLevel(issue.days_in_current_column);
  const labels = labelNames(issue.labels);
  return (
    <tr>
      <td className={styles.number} data-label={t.colNumber}>
        {projectId && !(issue.url === null && issue.title === PRIVATE_ITEM_TITLE) ? (
          <Link
            as={RouterLink}
            to={itemPath(projectId, issue.id)}
            aria-label={T.item.open(issue.number === null ? issue.title : `#${issue.number}`)}
            data-testid="issue-item-link"
          >
            {issue.number === null ? t.details : `#${issue.number}`}
          </Link>
        ) : issue.number === null ? (
          ''
        ) : (
          `#${issue.number}`
        )}
      </td>
      <td className={styles.titleCell} data-label={t.colTitle}>
        {issue.url ? (
          <Link href={issue.url} target="_blank" rel="noopener noreferrer">
            {issue.title}
          </Link>
        ) : (
          issue.title
        )}
      </td>
      <td
        className={`${styles.days} ${level === 'normal' ? '' : styles[level]}`}
        data-level={level}
        data-label={t.colDaysIn(unit)}
      >
        {formatDays(issue.days_in_current_column)}
      </td>
      <td className={issue.entered_column_at ? undefined : styles.muted} data-label={t.colEntered}>
        {formatDate(issue.entered_column_at, timeZone)}
      </td>
      <td className={issue.milestone ? undefined : styles.muted} data-label={t.colMilestone}>
        {issue.milestone || t.noMilestone}
      </td>
      <td data-label={t.colLabels}>
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

/** Rows drawn at first and added per click: a column of a big board holds thousands of issues. */
export const ISSUES_PAGE = 100;

type Props = { issues: IssueRow[]; timeZone: string; unit?: DurationUnit; projectId?: string };

/** `timeZone`: the board's, in which the entry dates are days; `unit`: working days with days off. */
export function IssuesTable({ issues, timeZone, unit = 'days', projectId }: Props) {
  const [limit, setLimit] = useState(ISSUES_PAGE);
  if (issues.length === 0) return <div className={`${styles.tableWrap} ${styles.empty}`}>{t.empty}</div>;
  const shown = sortByDaysDesc(issues).slice(0, limit);
  const rest = issues.length - shown.length;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              {[t.colNumber, t.colTitle, t.colDaysIn(unit), t.colEntered, t.colMilestone, t.colLabels].map(
                (h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((issue) => (
              <IssueLine key={issue.id} issue={issue} timeZone={timeZone} unit={unit} projectId={projectId} />
            ))}
          </tbody>
        </table>
      </div>
      {rest > 0 && (
        <div className={styles.more}>
          <span>{t.shown(shown.length, issues.length)}</span>
          <Button onClick={() => setLimit(limit + ISSUES_PAGE)}>
            {t.showMore(Math.min(rest, ISSUES_PAGE))}
          </Button>
          <Button variant="invisible" onClick={() => setLimit(issues.length)}>
            {t.showAll}
          </Button>
        </div>
      )}
    </>
  );
}
