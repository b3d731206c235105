import type { Project } from '@fluxion/contract';
import { StackIcon } from '@primer/octicons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getLevelOfWork } from '../api/hierarchy.ts';
import styles from './Analysis.module.css';

/**
 * Which items the page's figures count (docs/metrics.md, "Level of work"), in one line with a link to
 * change it: shown on a board that holds parents, or whose level is set to something else than all.
 */
export function LevelOfWorkNote({ project }: { project: Project }) {
  const query = useQuery({
    queryKey: ['level-of-work', project.project_id],
    queryFn: () => getLevelOfWork(project.project_id),
    staleTime: 60_000,
    retry: false,
  });
  const level = query.data;
  if (!level || (level.parents === 0 && level.level === 'all')) return null;
  return (
    <p className={styles.historyGaps} data-testid="level-of-work">
      <StackIcon size={14} /> {level.sentence}. <Link to={'/manage-projects'}>Change</Link>
      {' · '}
      <Link to={`/parents?project=${encodeURIComponent(project.project_id)}`}>Parents</Link>
    </p>
  );
}
