import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getParents } from '../../api/hierarchy.ts';
import { AnalysisContent } from '../../components/AnalysisStates.tsx';
import { useEstimated } from '../../components/EstimatedHistory/EstimatedSelect.tsx';
import { Page } from '../../components/Page.tsx';
import { formatDate } from '../../lib/format.ts';
import { estimatedQuery } from '../../lib/estimated.ts';
import { useAnalysisProject } from '../../projects/useAnalysisProject.ts';
import { forecastLine, ParentProgress } from './ParentForecast.tsx';
import styles from './Parents.module.css';

/**
 * The board's parents (docs/metrics.md, "Parents"), most at risk first: those whose children stopped
 * finishing, then the latest 85 % date. Each opens its item page, with its children and forecast.
 */
export function ParentsPage() {
  const { project } = useAnalysisProject();
  const projectId = project?.project_id ?? '';
  const [estimated] = useEstimated();
  const query = useQuery({
    queryKey: ['parents', projectId, estimated],
    queryFn: () => getParents({ project: projectId, ...estimatedQuery(estimated) }),
    enabled: project !== null,
  });
  return (
    <Page
      title="Parents"
      subtitle={project?.title ?? 'Parents and their children'}
      board={project}
      estimatedChoice
    >
      <AnalysisContent hasProject={project !== null} query={query}>
        {(data) =>
          data.parents.length === 0 ? (
            <p className={styles.muted} data-testid="no-parents">
              No item on this board has a sub-issue on it: parents appear here once their children are on the
              board.
            </p>
          ) : (
            <section className={styles.card} aria-label="Parents, most at risk first">
              <p className={styles.muted}>
                Most at risk first. Forecasts draw from the team's finished items
                {data.sample
                  ? ` from ${formatDate(data.sample.start)} to ${formatDate(data.sample.end)}`
                  : ''}
                , times each parent's share of them.
              </p>
              <ul className={styles.list} data-testid="parents-list">
                {data.parents.map((parent) => (
                  <li key={parent.id} className={styles.row} data-testid="parent-row">
                    <div>
                      <Link
                        className={styles.name}
                        to={`/item?project=${encodeURIComponent(projectId)}&item=${encodeURIComponent(parent.id)}`}
                      >
                        {parent.number === null ? '' : `#${parent.number} `}
                        {parent.title}
                      </Link>
                      <div className={styles.muted}>
                        {[parent.issue_type, parent.column].filter(Boolean).join(' · ')}
                      </div>
                    </div>
                    <ParentProgress parent={parent} />
                    <span className={parent.stalled ? styles.stalled : styles.forecast}>
                      {forecastLine(parent)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )
        }
      </AnalysisContent>
    </Page>
  );
}
