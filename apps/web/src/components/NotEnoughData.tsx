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

/** What the page says under a filter: that none matches (the answer's `kept_items` is 0), else too few. */
function filteredWords(keptItems: number | undefined) {
  return keptItems === 0
    ? { title: T.states.noneMatching, text: T.states.filterKeepsNone }
    : { title: T.states.notEnoughFiltered, text: T.states.filteredNeeds };
}

/**
 * A board with too little history for this analysis: what it waits for, no verdict. Under an item filter
 * the board may have plenty: then it is the filter that keeps too few items (or none), and the page says so.
 */
export function NotEnoughData({
  project,
  needs,
  filtered = false,
  keptItems,
}: {
  project: Project;
  needs: string;
  filtered?: boolean;
  /** The answer's `kept_items`: how many items the filter keeps. */
  keptItems?: number | undefined;
}) {
  const words = filtered ? filteredWords(keptItems) : { title: T.states.notEnough, text: needs };
  const title = words.title;
  return (
    <section className={styles.waiting} aria-label={title}>
      <HourglassIcon size={24} />
      <h2>{title}</h2>
      <p>{awaitsData(project) ? T.states.importing : words.text}</p>
      {!filtered && <p className={styles.since}>{recordingText(project)}</p>}
    </section>
  );
}
