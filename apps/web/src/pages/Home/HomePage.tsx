import { ClockIcon, GraphIcon, ListUnorderedIcon, PulseIcon } from '@primer/octicons-react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/context.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useProjectActions } from '../ManageProjects/useProjectActions.ts';
import { useProjects } from '../../projects/context.ts';
import { T } from '../../texts.ts';
import { BoardsOverview } from './BoardsOverview.tsx';
import styles from './Home.module.css';
import { Onboarding } from './Onboarding.tsx';

const ANALYSES = [
  { to: '/lead-time', title: T.leadTime.title, text: T.leadTime.subtitle, Icon: GraphIcon },
  { to: '/time-in-state', title: T.timeInState.title, text: T.timeInState.subtitle, Icon: ClockIcon },
  { to: '/issues-in-columns', title: T.issues.title, text: T.issues.subtitle, Icon: ListUnorderedIcon },
  { to: '/flow', title: T.flow.title, text: T.flow.subtitle, Icon: PulseIcon },
];

export function HomePage() {
  const { user } = useAuth();
  const { projects, loading, loadError, reload, reloading, carry = '' } = useProjects();
  // A list that could not be read is not an empty one: no onboarding, no "restore the demo" then.
  const failed = loadError != null;
  const onlyDemo = projects.length === 1 && projects[0]?.is_demo === true;
  const none = projects.length === 0 && !failed;
  const actions = useProjectActions();

  return (
    <Page title={T.home.title} tab={T.nav.home} subtitle={user ? T.home.greeting(user.username) : undefined}>
      {loading ? (
        <Loading text={T.home.loading} />
      ) : failed ? (
        <ErrorState
          error={loadError}
          fallback={T.projects.loadFailed}
          onRetry={() => void reload()}
          retrying={reloading}
        />
      ) : (
        (onlyDemo || none) && <Onboarding onRestoreDemo={none ? actions.restoreDemo : undefined} />
      )}
      {none && <StatusMessage text={actions.message} />}
      {!loading && projects.length > 0 && <BoardsOverview />}
      <h2 className={styles.heading}>{T.home.analysesTitle}</h2>
      <div className={styles.cards}>
        {ANALYSES.map(({ to, title, text, Icon }) => (
          <Link key={to} to={{ pathname: to, search: carry }} className={styles.cardLink}>
            <span className={styles.cardTitle}>
              <Icon size={20} />
              {title}
            </span>
            <span className={styles.muted}>{text}</span>
          </Link>
        ))}
      </div>
    </Page>
  );
}
