import { ProjectIcon } from '@primer/octicons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useProjects } from '../projects/context.ts';
import { T } from '../texts.ts';
import styles from './Analysis.module.css';
import { ErrorState } from './ErrorState.tsx';
import { Loading } from './Loading.tsx';
import { isPaywallError, Paywall } from './Paywall/Paywall.tsx';

/**
 * No board chosen yet: the projects still loading (a reloaded link), or a hint to pick one — saying so
 * when the address names a board that is not in the list (a stale or mistyped link).
 */
export function NoProject() {
  const { loading } = useProjects();
  const [params] = useSearchParams();
  if (loading) return <Loading text={T.nav.loadingProjects} />;
  const unknown = params.get('project');
  return (
    <div className={styles.empty}>
      <ProjectIcon size={24} />
      <p>{unknown ? T.common.unknownProject : T.common.selectProjectFirst}</p>
    </div>
  );
}

type QueryState<T> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
};

/** The states every chart page goes through: no project, loading, behind the paywall, failed, then the data. */
export function AnalysisContent<T>(props: {
  hasProject: boolean;
  query: QueryState<T>;
  children: (data: T) => ReactNode;
}) {
  const { hasProject, query } = props;
  if (!hasProject) return <NoProject />;
  if (query.isPending) return <Loading text={T.common.loadingDiagram} />;
  if (isPaywallError(query.error)) return <Paywall />;
  if (query.isError || query.data === undefined) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  return <>{props.children(query.data)}</>;
}
