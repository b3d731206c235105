import type { Project } from '@fluxion/contract';
import { T } from '../texts.ts';

/** "3 Nov": the day recording started, in the board's time zone. */
export function dayMonth(iso: string, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone }).format(new Date(iso));
}

/**
 * "History imported for 812 items, partial for 41; recorded move by move since 3 Nov", once the import
 * is done (docs/api.md, Projects: `history`); null before, and for the demo.
 */
export function historyCounts(
  project: Pick<Project, 'is_demo' | 'history' | 'recording_since' | 'calendar'>,
): string | null {
  if (project.is_demo || !project.history || !project.recording_since) return null;
  const since = dayMonth(project.recording_since, project.calendar?.time_zone);
  return T.projects.historyCounts(project.history.imported_items, project.history.partial_items, since);
}
