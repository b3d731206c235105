/** The analysis pages: their address carries the chosen board (`?project=`) and the view's settings. */
export const ANALYSIS_PATHS = ['/lead-time', '/time-in-state', '/issues-in-columns', '/flow'] as const;

export function isAnalysisPath(pathname: string): boolean {
  return (ANALYSIS_PATHS as readonly string[]).includes(pathname.replace(/\/$/, ''));
}

/** The address parameters after choosing `projectId`: the demo switch and the old board's column go. */
export function withProject(params: URLSearchParams, projectId: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  const changed = next.get('project') !== projectId;
  if (projectId) next.set('project', projectId);
  else next.delete('project');
  next.delete('demo');
  if (changed) next.delete('column');
  return next;
}
