import type { AnalysisFilterParams, Project, SaveProjectRequest } from '@fluxion/contract';
import { api } from './instance.ts';

export const getMe = () => api.call('me', {});

/**
 * A failure is logged, and the selector gets an empty list (ProjectsProvider); the failure is
 * still raised, so that a page does not take it for "no projects" (Manage Projects, Home).
 */
export async function getProjects(): Promise<Project[]> {
  try {
    const projects = await api.call('listProjects', {});
    return Array.isArray(projects) ? projects : [];
  } catch (error) {
    console.error('Failed to load projects', error);
    throw error;
  }
}

/**
 * The answer read to its end. A response whose body is never read is cancelled by Chromium when it is
 * collected, and the console then reports "POST /api/projects/ net::ERR_ABORTED 201 (Created)": a
 * request that worked, logged as a failure on every add and edit.
 */
async function settled(response: Response): Promise<Response> {
  await response.arrayBuffer().catch(() => undefined);
  return response;
}

/** Add and update are the same call (docs/api.md, Projects); answers whether it worked. */
export async function saveProject(body: SaveProjectRequest): Promise<boolean> {
  try {
    return (await settled(await api.send('saveProject', { body }))).ok;
  } catch {
    return false;
  }
}

/** The shared demo project, so a user who removed it can add it back. */
export const getDemoProject = () => api.call('demoProject', {});

export async function deleteProject(projectId: string): Promise<boolean> {
  try {
    const response = await settled(await api.send('deleteProject', { params: { id: projectId } }));
    return response.ok || response.status === 204;
  } catch {
    return false;
  }
}

export const getProject = (projectId: string) => api.call('getProject', { params: { id: projectId } });
/** What deleting the project would do (hide the demo, untrack, or delete the board's history). */
export const getProjectRemoval = (projectId: string) =>
  api.call('projectRemoval', { params: { id: projectId } });
/** The board's labels, milestones, assignees and repositories, for the filter bar to suggest. */
export const getFilterSuggestions = (project: string) =>
  api.call('filterSuggestions', { query: { project } });
export const getColumnStats = (projectId: string, filter: AnalysisFilterParams = {}) =>
  api.call('columnStats', { params: { id: projectId }, query: filter });

export const getLeadTime = (
  p: { project: string; days: number; cycleTime?: string | null },
  filter: AnalysisFilterParams = {},
) =>
  api.call('leadTime', {
    query: {
      project: p.project,
      days: p.days,
      ...(p.cycleTime ? { cycle_time: p.cycleTime } : {}),
      ...filter,
    },
  });
export const getTimeInState = (p: { project: string; days: number }, filter: AnalysisFilterParams = {}) =>
  api.call('timeInState', { query: { ...p, ...filter } });
export const getIssues = (p: { project: string; column: string }, filter: AnalysisFilterParams = {}) =>
  api.call('issues', { query: { ...p, ...filter } });
/** GET /api/story/: the board's commitment point and bottleneck (the Issues page's default column). */
export const getBoardStory = (project: string, filter: AnalysisFilterParams = {}) =>
  api.call('boardStory', { query: { project, ...filter } });

export const getOwnerOptions = () => api.call('githubOwnerOptions', {});
export const getProjectsByOwner = (owner: string | null) =>
  api.call('githubProjectsByOwner', { query: owner ? { owner } : {} });
export const getProjectColumns = (projectId: string, fieldId = '') =>
  api.call('githubProjectColumns', {
    query: fieldId ? { project_id: projectId, field_id: fieldId } : { project_id: projectId },
  });
/** Reads a tracked board by another workflow field: its recorded history is deleted and imported again. */
export const changeWorkflowField = (projectId: string, fieldId: string) =>
  api.call('changeWorkflowField', { params: { id: projectId }, body: { field_id: fieldId } });
/** The board's single-select fields: the Add dialog offers them as its workflow field. */
export const getProjectFields = (projectId: string) =>
  api.call('githubProjectFields', { query: { project_id: projectId } });
