import type { Project } from '@fluxion/contract';
import { useEffect, useState } from 'react';
import { syncState } from '../lib/sync.ts';
import styles from './States.module.css';

/** The clock, ticking once a minute: enough for "synced 3 minutes ago". */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A board's sync state and last sync time, shown wherever the board is. */
export function BoardSync({
  project,
}: {
  project: Pick<Project, 'sync_status' | 'last_synced_at' | 'history_import'>;
}) {
  const state = syncState(project, useMinuteClock());
  return (
    <span className={`${styles.sync} ${styles[state.tone]}`} data-sync={state.tone}>
      <span className={styles.dot} aria-hidden="true" />
      {state.text}
    </span>
  );
}
