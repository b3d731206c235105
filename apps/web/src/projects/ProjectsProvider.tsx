import type { Project } from '@fluxion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { getProjects } from '../api/endpoints.ts';
import { useAuth } from '../auth/context.ts';
import { ProjectsContext, type ProjectsContextValue } from './context.ts';

export const PROJECTS_KEY = ['projects'] as const;

/** Spec §4: projects load when authenticated and are cleared, with the selection, when not. */
export function ProjectsProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Project | null>(null);
  const query = useQuery({ queryKey: PROJECTS_KEY, queryFn: getProjects, enabled: isAuthenticated });

  useEffect(() => {
    if (isAuthenticated) return;
    setSelected(null);
    queryClient.removeQueries({ queryKey: PROJECTS_KEY });
  }, [isAuthenticated, queryClient]);

  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
  }, [queryClient]);

  const value = useMemo<ProjectsContextValue>(
    () => ({
      projects: isAuthenticated ? (query.data ?? []) : [],
      loading: isAuthenticated && query.isPending,
      selected,
      select: setSelected,
      reload,
    }),
    [isAuthenticated, query.data, query.isPending, selected, reload],
  );
  return <ProjectsContext.Provider value={value}>{children}</ProjectsContext.Provider>;
}
