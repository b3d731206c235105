import type { Project } from '@fluxion/contract';
import { T } from '../texts.ts';
import { formatDate } from './format.ts';

/**
 * "History imported for 812 items, partial for 41; recorded move by move since Nov 3, 2026" (the day
 * recording started, in the board's time zone, as every "since" of the app reads), once the import
 * is done (docs/api.md, Projects: `history`); null before, and for the demo.
 */
export function historyCounts(
  project: Pick<Project, 'is_demo' | 'history' | 'recording_since' | 'calendar'>,
): string | null {
  if (project.is_demo || !project.history || !project.recording_since) return null;
  const since = formatDate(project.recording_since, project.calendar?.time_zone);
  return T.projects.historyCounts(project.history.imported_items, project.history.partial_items, since);
}
