import type { Project } from '@fluxion/contract';
import { HourglassIcon } from '@primer/octicons-react';
import { formatDate } from '../lib/format.ts';
import { awaitsData } from '../lib/sync.ts';
import { T } from '../texts.ts';
import styles from './States.module.css';

/** Since when a board's moves are recorded, in words. */
export function recordingText(project: Pick<Project, 'recording_since' | 'calendar'>): string {
  return project.recording_since
    ? T.states.recordingSince(formatDate(project.recording_since, project.calendar?.time_zone))
    : T.states.recordingFromAdd;
}

/**
 * A board with too little history for this analysis: what it waits for, no verdict. Under an item filter
 * the board may have plenty: then it is the filter that keeps too few items, and the page says so.
 */
export function NotEnoughData({
  project,
  needs,
  filtered = false,
}: {
  project: Project;
  needs: string;
  filtered?: boolean;
}) {
  const title = filtered ? T.states.notEnoughFiltered : T.states.notEnough;
  return (
    <section className={styles.waiting} aria-label={title}>
      <HourglassIcon size={24} />
      <h2>{title}</h2>
      <p>{awaitsData(project) ? T.states.importing : filtered ? T.states.filteredNeeds : needs}</p>
      {!filtered && <p className={styles.since}>{recordingText(project)}</p>}
    </section>
  );
}
