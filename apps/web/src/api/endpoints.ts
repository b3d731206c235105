import type {
  AvailableProject,
  BoardColumnStatsResponse,
  IssuesResponse,
  LeadTimeResponse,
  OwnerOption,
  Profile,
  Project,
  SaveProjectRequest,
  TimeInStateResponse,
} from '@fluxion/contract';
import { api } from './instance.ts';

const q = (params: Record<string, string | number | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};
const id = (value: string) => encodeURIComponent(value);

export const getMe = () => api.json<Profile>('/api/me/');

/** Spec §7: a failure yields an empty list and is only logged. */
export async function getProjects(): Promise<Project[]> {
  try {
    const projects = await api.json<Project[]>('/api/projects/');
    return Array.isArray(projects) ? projects : [];
  } catch (error) {
    console.error('Failed to load projects', error);
    return [];
  }
}

/** Add and update are the same call (spec §7); answers whether it worked. */
export async function saveProject(body: SaveProjectRequest): Promise<boolean> {
  try {
    const response = await api.request('/api/projects/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** The shared demo project, so a user who removed it can add it back. */
export const getDemoProject = () => api.json<Project>('/api/demo-project/');

export async function deleteProject(projectId: string): Promise<boolean> {
  try {
    const response = await api.request(`/api/projects/${id(projectId)}/`, { method: 'DELETE' });
    return response.ok || response.status === 204;
  } catch {
    return false;
  }
}

export const getProject = (projectId: string) => api.json<Project>(`/api/projects/${id(projectId)}/`);
export const getColumnStats = (projectId: string) =>
  api.json<BoardColumnStatsResponse>(`/api/projects/${id(projectId)}/column-stats/`);

export const getLeadTime = (p: { project: string; days: number; cycleTime?: string | null }) =>
  api.json<LeadTimeResponse>(
    `/api/leadtime/${q({ project: p.project, days: p.days, cycle_time: p.cycleTime })}`,
  );
export const getTimeInState = (p: { project: string; days: number }) =>
  api.json<TimeInStateResponse>(`/api/timeinstate/${q(p)}`);
export const getIssues = (p: { project: string; column: string }) =>
  api.json<IssuesResponse>(`/api/issues/${q(p)}`);

export const getOwnerOptions = () => api.json<OwnerOption[]>('/api/github-owner-options/');
export const getProjectsByOwner = (owner: string | null) =>
  api.json<AvailableProject[]>(`/api/github-projects-by-owner/${q({ owner })}`);
export const getProjectColumns = (projectId: string) =>
  api.json<string[]>(`/api/github-project-columns/${q({ project_id: projectId })}`);
