import type { Project } from '@fluxion/contract';
import { T } from '../texts.ts';
import { formatDate } from './format.ts';

/**
 * The board's history quality, computed once by the import (docs/metrics.md, "Reconstructed histories"):
 * "History imported for 812 items, partial for 41 (30 estimated, 11 unknown); recorded move by move since
 * Nov 3, 2026" — the rest exact (the day
 * recording started, in the board's time zone, as every "since" of the app reads), once the import
 * is done (docs/api.md, Projects: `history`); null before, and for the demo.
 */
export function historyCounts(
  project: Pick<Project, 'is_demo' | 'history' | 'recording_since' | 'calendar'>,
): string | null {
  if (project.is_demo || !project.history || !project.recording_since) return null;
  const since = formatDate(project.recording_since, project.calendar?.time_zone);
  const { imported_items, partial_items, estimated_items } = project.history;
  return T.projects.historyCounts(imported_items, partial_items, estimated_items, since);
}
