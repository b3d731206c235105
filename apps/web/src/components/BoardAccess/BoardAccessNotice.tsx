import type { Project, UnreadableReason } from '@fluxion/contract';
import { Link } from '@primer/react';
import { T } from '../../texts.ts';
import styles from './BoardAccessNotice.module.css';
import { useInstallUrl } from './useInstallUrl.ts';

type Props = {
  project: Pick<Project, 'owner' | 'sync_status' | 'sync_message' | 'unreadable_items' | 'unreadable_reason'>;
};

/**
 * What GitHub keeps from Fluxion about a board, said out loud (docs/api.md, Projects), on the board's pages
 * and in Manage Projects: why an inaccessible board stopped (the server's message, with what to do), and how
 * many items come from repositories Fluxion may not read, with the fix: install the Fluxion GitHub App
 * on the organization, add the repositories to it, or move a personal board to an organization.
 */
export function BoardAccessNotice({ project }: Props) {
  const count = project.unreadable_items ?? 0;
  const lost = project.sync_status === 'inaccessible' ? project.sync_message : undefined;
  if (!lost && count === 0) return null;
  return (
    <>
      {lost && (
        <p className={`${styles.notice} ${styles.lost}`} data-access="lost">
          {lost}
        </p>
      )}
      {count > 0 && (
        <p className={`${styles.notice} ${styles.unreadable}`} data-access="unreadable">
          <strong>{T.githubApp.unreadable(count)}</strong>
          {`. ${count === 1 ? T.githubApp.leftOut : T.githubApp.leftOutMany} `}
          {project.unreadable_reason === 'user_owned' && T.githubApp.moveToOrganization}
          {(project.unreadable_reason === 'no_installation' ||
            project.unreadable_reason === 'repositories_not_selected') && (
            <AppFix reason={project.unreadable_reason} org={project.owner} />
          )}
        </p>
      )}
    </>
  );
}

/** Install the App on the organization, or add the repositories to it: both on GitHub's install page. */
function AppFix({ reason, org }: { reason: Exclude<UnreadableReason, 'user_owned'>; org: string }) {
  const installUrl = useInstallUrl();
  if (installUrl === undefined) return null;
  // Without an App on this server, only the user's own GitHub access could read them.
  if (installUrl === null) return reason === 'no_installation' ? T.githubApp.noApp : null;
  return (
    <Link href={installUrl}>
      {reason === 'no_installation' ? T.githubApp.install(org) : T.githubApp.addRepositories(org)}
    </Link>
  );
}
