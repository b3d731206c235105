/** The analysis pages: their address carries the chosen board (`?project=`) and the view's settings. */
export const ANALYSIS_PATHS = [
  '/lead-time',
  '/time-in-state',
  '/issues-in-columns',
  '/flow',
  '/parents',
] as const;

export function isAnalysisPath(pathname: string): boolean {
  return (ANALYSIS_PATHS as readonly string[]).includes(pathname.replace(/\/$/, ''));
}

/**
 * The item filter's parameters (the contract's ITEM_FILTER_PARAMS, written out so that the app's frame
 * does not load the contract's schemas: analysisPaths.test.ts keeps the two lists equal).
 */
export const FILTER_PARAMS = [
  'label',
  'not_label',
  'milestone',
  'type',
  'issue_type',
  'field_value',
  'repo',
  'assignee',
  'from',
  'to',
  'iteration',
];

/** Carried with the filter: whether the figures count estimated steps (`estimated=leave_out`). */
const CARRIED_PARAMS = [...FILTER_PARAMS, 'estimated'];

/** The filter part of an analysis page's address (`label=bug&from=…`), to carry to the next page. */
export function filterSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [name, value] of params) if (CARRIED_PARAMS.includes(name)) kept.append(name, value);
  return kept.toString();
}

/** `?project=…&<filter>` for a link to an analysis page: the chosen board and its filter go along. */
export function carriedSearch(projectId: string | null, filter: string): string {
  const next = new URLSearchParams(projectId ? { project: projectId } : {});
  for (const [name, value] of new URLSearchParams(filter)) next.append(name, value);
  const search = next.toString();
  return search ? `?${search}` : '';
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
