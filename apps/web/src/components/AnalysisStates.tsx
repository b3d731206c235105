import { ProjectIcon } from '@primer/octicons-react';
import { Flash } from '@primer/react';
import type { ReactNode } from 'react';
import { useProjects } from '../projects/context.ts';
import { T } from '../texts.ts';
import styles from './Analysis.module.css';
import { Loading } from './Loading.tsx';

/** No board chosen yet: the projects still loading (a reloaded link), or a hint to pick one. */
export function NoProject() {
  const { loading } = useProjects();
  if (loading) return <Loading text={T.nav.loadingProjects} />;
  return (
    <div className={styles.empty}>
      <ProjectIcon size={24} />
      <p>{T.common.selectProjectFirst}</p>
    </div>
  );
}

export function LoadError({ error }: { error: unknown }) {
  const message = error instanceof Error && error.message ? error.message : T.common.loadFailed;
  return (
    <Flash variant="danger" role="alert">
      {message}
    </Flash>
  );
}

type QueryState<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };

/** The states every chart page goes through: no project, loading, failed, then the data. */
export function AnalysisContent<T>(props: {
  hasProject: boolean;
  query: QueryState<T>;
  children: (data: T) => ReactNode;
}) {
  const { hasProject, query } = props;
  if (!hasProject) return <NoProject />;
  if (query.isPending) return <Loading text={T.common.loadingDiagram} />;
  if (query.isError || query.data === undefined) return <LoadError error={query.error} />;
  return <>{props.children(query.data)}</>;
}
