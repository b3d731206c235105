import type { Project } from '@fluxion/contract';
import { PencilIcon, ProjectIcon, ShareAndroidIcon, TrashIcon } from '@primer/octicons-react';
import { IconButton, Label } from '@primer/react';
import { BoardAccessNotice } from '../../components/BoardAccess/BoardAccessNotice.tsx';
import { BoardSync } from '../../components/BoardSync.tsx';
import { formatDate } from '../../lib/format.ts';
import { historyCounts } from '../../lib/history.ts';
import { T } from '../../texts.ts';
import styles from './ManageProjects.module.css';

type Props = {
  projects: Project[];
  onEdit: (project: Project) => void;
  onDelete: (project: Project) => void;
  /** A read-only link to the board's analyses (share/ShareDialog.tsx). */
  onShare?: (project: Project) => void;
};

export function ProjectList({ projects, onEdit, onDelete, onShare }: Props) {
  if (projects.length === 0)
    return <div className={`${styles.list} ${styles.empty}`}>{T.projects.empty}</div>;
  return (
    <ul className={styles.list} aria-label={T.projects.title}>
      {projects.map((project) => (
        <li key={project.project_id} className={styles.row}>
          <ProjectIcon size={20} className={styles.icon} />
          <div className={styles.info}>
            <div className={styles.title}>
              {project.title}
              {project.is_demo && <Label variant="accent">{T.projects.demo}</Label>}
              {project.sync_status === 'inaccessible' && (
                <Label variant="danger" title={T.projects.accessLostHint}>
                  {T.projects.accessLost}
                </Label>
              )}
              {project.history_import === 'unavailable' && (
                <Label variant="attention" title={T.projects.historyUnavailableHint}>
                  {T.projects.historyUnavailable}
                </Label>
              )}
            </div>
            <div className={styles.meta}>
              <BoardSync project={project} />
            </div>
            {/* What is true of this board's history: imported at once, then recorded move by move. */}
            {historyCounts(project) ? (
              <div className={styles.meta} title={T.projects.historyPartialHint} data-history>
                {historyCounts(project)}
              </div>
            ) : (
              !project.is_demo &&
              project.recording_since && (
                <div className={styles.meta}>
                  {T.projects.recording(
                    formatDate(project.recording_since, project.calendar?.time_zone),
                    project.history_import,
                  )}
                </div>
              )
            )}
            <BoardAccessNotice project={project} />
            <div className={`${styles.meta} ${styles.details}`}>
              <span>{project.full_name}</span>
              <span>
                {project.iteration?.source === 'github_field'
                  ? T.projects.iterationFromGithub(project.iteration_length_days)
                  : T.projects.iterationDays(project.iteration_length_days)}
              </span>
              {project.cycle_time_start_column && (
                <span>{`${T.projects.cycleStartShort}: ${project.cycle_time_start_column}`}</span>
              )}
            </div>
          </div>
          <div className={styles.actions}>
            {onShare && (
              <IconButton
                icon={ShareAndroidIcon}
                aria-label={T.share.buttonLabel(project.title)}
                onClick={() => onShare(project)}
              />
            )}
            {!project.is_demo && (
              <IconButton
                icon={PencilIcon}
                aria-label={`${T.projects.edit} ${project.title}`}
                onClick={() => onEdit(project)}
              />
            )}
            <IconButton
              icon={TrashIcon}
              variant="danger"
              aria-label={`${T.projects.delete} ${project.title}`}
              onClick={() => onDelete(project)}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
