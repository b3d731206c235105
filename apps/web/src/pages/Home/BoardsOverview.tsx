import { useQuery } from '@tanstack/react-query';
import { getOverview } from '../../api/overview.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useProjects } from '../../projects/context.ts';
import { T } from '../../texts.ts';
import { BoardCard } from './BoardCard.tsx';
import styles from './Home.module.css';

const t = T.home.boards;

/** "Your boards at a glance": one card per project of the list, most urgent first (as the API orders them). */
export function BoardsOverview() {
  const { projects } = useProjects();
  // Keyed by the list, so adding or removing a board reloads the overview.
  const ids = projects.map((project) => project.project_id);
  const query = useQuery({ queryKey: ['overview', ids], queryFn: () => getOverview() });
  return (
    <section aria-labelledby="boards-at-a-glance">
      <h2 id="boards-at-a-glance" className={styles.heading}>
        {t.title}
      </h2>
      {query.data && <p className={styles.intro}>{t.subtitle(query.data.window_days)}</p>}
      {query.isPending ? (
        <Loading text={t.loading} />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          fallback={t.failed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className={styles.boards}>
          {query.data.boards.map((board) => (
            <BoardCard
              key={board.project_id}
              board={board}
              days={query.data.window_days}
              project={projects.find((project) => project.project_id === board.project_id)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
