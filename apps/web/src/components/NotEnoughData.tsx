import type { Project } from '@fluxion/contract';
import { HourglassIcon } from '@primer/octicons-react';
import { formatDate } from '../lib/format.ts';
import { awaitsData } from '../lib/sync.ts';
import { T } from '../texts.ts';
import styles from './States.module.css';

/** Since when a board's moves are recorded, in words. */
export function recordingText(project: Pick<Project, 'recording_since'>): string {
  return project.recording_since
    ? T.states.recordingSince(formatDate(project.recording_since))
    : T.states.recordingFromAdd;
}

/** A board with too little history for this analysis: what it waits for, no verdict. */
export function NotEnoughData({ project, needs }: { project: Project; needs: string }) {
  return (
    <section className={styles.waiting} aria-label={T.states.notEnough}>
      <HourglassIcon size={24} />
      <h2>{T.states.notEnough}</h2>
      <p>{awaitsData(project) ? T.states.importing : needs}</p>
      <p className={styles.since}>{recordingText(project)}</p>
    </section>
  );
}
