import type { Project } from '@fluxion/contract';
import { T } from '../frameTexts.ts';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
type Step = [limit: number, unit: Intl.RelativeTimeFormatUnit, size: number];
const DAYS: Step = [Number.POSITIVE_INFINITY, 'day', 86_400];
const STEPS: Step[] = [[60, 'second', 1], [3600, 'minute', 60], [86_400, 'hour', 3600], DAYS];

/** "just now", "3 minutes ago", "2 hours ago", "yesterday". */
export function timeAgo(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 10) return 'just now';
  const [, unit, size] = STEPS.find(([limit]) => seconds < limit) ?? DAYS;
  return relative.format(-Math.floor(seconds / size), unit);
}

export type SyncState = { tone: 'ok' | 'pending' | 'lost' | 'muted'; text: string };

/** A board's collection state, as shown next to the board wherever it appears. */
export function syncState(
  project: Pick<Project, 'sync_status' | 'last_synced_at' | 'history_import'>,
  now: number,
): SyncState {
  if (project.sync_status === 'inaccessible') return { tone: 'lost', text: T.states.sync.lost };
  if (project.sync_status === 'static') return { tone: 'muted', text: T.states.sync.sample };
  if (!project.last_synced_at) return { tone: 'pending', text: T.states.sync.firstSync };
  if (project.history_import === 'pending') return { tone: 'pending', text: T.states.sync.importing };
  return { tone: 'ok', text: T.states.sync.synced(timeAgo(project.last_synced_at, now)) };
}

/** A board whose figures are still on their way: first sync or history import not done yet. */
export const awaitsData = (project: Pick<Project, 'sync_status' | 'last_synced_at' | 'history_import'>) =>
  project.sync_status === 'active' && (!project.last_synced_at || project.history_import === 'pending');
