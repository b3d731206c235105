import type { Project, SaveProjectRequest } from '@fluxion/contract';
import { InfoIcon, PlusIcon } from '@primer/octicons-react';
import { Button, Flash } from '@primer/react';
import { useState } from 'react';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { RestoreDemoButton } from '../../components/RestoreDemoButton.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useProjects } from '../../projects/context.ts';
import { T } from '../../texts.ts';
import { AddProjectDialog } from './AddProjectDialog.tsx';
import { DeleteProjectDialog } from './DeleteProjectDialog.tsx';
import { EditProjectDialog } from './EditProjectDialog.tsx';
import {
  GithubAppSetupResult,
  InstallOnOrganizationButton,
  PersonalBoardsButton,
  PersonalBoardsResult,
} from './GithubAppInstall.tsx';
import styles from './ManageProjects.module.css';
import { ProjectList } from './ProjectList.tsx';
import { ShareDialog } from './share/ShareDialog.tsx';
import { NotificationsSection } from './notifications/NotificationsSection.tsx';
import { ShareLinksList } from './share/ShareLinksList.tsx';
import { useProjectActions } from './useProjectActions.ts';

export function ManageProjectsPage() {
  const { projects, loading, loadError, reload, reloading } = useProjects();
  // A list that could not be read is not an empty one: the error and a retry, never "No tracked projects".
  const failed = !loading && loadError != null;
  const actions = useProjectActions();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [sharing, setSharing] = useState<Project | null>(null);

  // A dialog closes once its change is saved; a failed one stays open with what was typed and the error.
  async function submitAdd(body: SaveProjectRequest): Promise<string | null> {
    if (!(await actions.add(body))) return T.projects.addError;
    setAdding(false);
    return null;
  }
  async function submitEdit(body: SaveProjectRequest): Promise<string | null> {
    if (!(await actions.update(body))) return T.projects.updateError;
    setEditing(null);
    return null;
  }

  const addButton = (
    <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setAdding(true)}>
      {T.projects.add}
    </Button>
  );
  return (
    <Page
      title={T.projects.title}
      subtitle={T.projects.subtitle}
      actions={
        <>
          <PersonalBoardsButton />
          <InstallOnOrganizationButton />
          {addButton}
        </>
      }
    >
      <GithubAppSetupResult />
      <PersonalBoardsResult />
      <Flash className={styles.note}>
        <InfoIcon /> {T.projects.trackingNote}
      </Flash>
      <StatusMessage text={actions.message} />
      {loading ? (
        <Loading text={T.nav.loadingProjects} />
      ) : failed ? (
        <ErrorState
          error={loadError}
          fallback={T.projects.loadFailed}
          onRetry={() => void reload()}
          retrying={reloading}
        />
      ) : (
        <ProjectList projects={projects} onEdit={setEditing} onDelete={setDeleting} onShare={setSharing} />
      )}
      {!loading && !failed && !projects.some((p) => p.is_demo) && (
        <div className={styles.restore}>
          <RestoreDemoButton onRestore={actions.restoreDemo} />
        </div>
      )}
      {!loading && !failed && <NotificationsSection projects={projects} />}
      {!loading && <ShareLinksList />}
      {sharing && <ShareDialog project={sharing} onClose={() => setSharing(null)} />}
      {adding && (
        <AddProjectDialog tracked={projects} onClose={() => setAdding(false)} onSubmit={submitAdd} />
      )}
      {editing && (
        <EditProjectDialog project={editing} onClose={() => setEditing(null)} onSubmit={submitEdit} />
      )}
      {deleting && (
        <DeleteProjectDialog
          project={deleting}
          onClose={(confirmed) => {
            setDeleting(null);
            if (confirmed) void actions.remove(deleting);
          }}
        />
      )}
    </Page>
  );
}
