import type { Project } from '@fluxion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { getProjects } from '../api/endpoints.ts';
import { awaitsData } from '../lib/sync.ts';
import { useAuth } from '../auth/context.ts';
import { isAnalysisPath, withProject } from './analysisPaths.ts';
import { ProjectsContext, type ProjectsContextValue } from './context.ts';
import { useFirstSyncRefresh } from './useFirstSyncRefresh.ts';

import { PROJECTS_KEY } from './projectsKey.ts';

/**
 * Spec §4: projects load when authenticated and are cleared, with the selection, when not. On an
 * analysis page a choice is written to the address (`?project=`), so reload, back and a pasted link
 * reopen it: a new board is a new history entry, the same board again replaces the current one.
 */
export function ProjectsProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  // Asked once the profile has loaded: while a sign-in is being taken over there is no token yet.
  const ready = isAuthenticated && user !== null;
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<Project | null>(null);
  // Read again each minute: the boards' sync state and last sync time are shown with them.
  const query = useQuery({
    queryKey: PROJECTS_KEY,
    queryFn: getProjects,
    enabled: ready,
    refetchInterval: (q) => (q.state.data?.some(awaitsData) ? 5_000 : 60_000),
  });
  useFirstSyncRefresh(query.data);

  useEffect(() => {
    if (isAuthenticated) return;
    setSelected(null);
    queryClient.removeQueries({ queryKey: PROJECTS_KEY });
  }, [isAuthenticated, queryClient]);

  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
  }, [queryClient]);

  const onAnalysisPage = isAnalysisPath(pathname);
  const projects = isAuthenticated ? (query.data ?? []) : [];
  // On an analysis page the address is the choice; elsewhere the last choice is kept.
  const urlId = onAnalysisPage ? params.get('project') : null;
  const fromUrl = urlId ? (projects.find((project) => project.project_id === urlId) ?? null) : null;
  const current = urlId ? fromUrl : selected;
  useEffect(() => {
    if (fromUrl) setSelected(fromUrl);
  }, [fromUrl]);

  const select = useCallback(
    (project: Project | null) => {
      setSelected(project);
      if (!onAnalysisPage) return;
      const id = project?.project_id ?? null;
      setParams(withProject(params, id), { replace: params.get('project') === id });
    },
    [onAnalysisPage, params, setParams],
  );

  const value = useMemo<ProjectsContextValue>(
    () => ({
      projects,
      loading: isAuthenticated && query.isPending,
      selected: current,
      select,
      reload,
    }),
    [projects, isAuthenticated, query.isPending, current, select, reload],
  );
  return <ProjectsContext.Provider value={value}>{children}</ProjectsContext.Provider>;
}
