import type { Project } from '@fluxion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { getProjects } from '../api/endpoints.ts';
import { awaitsData } from '../lib/sync.ts';
import { useAuth } from '../auth/context.ts';
import { carriedSearch, filterSearch, isAnalysisPath, withProject } from './analysisPaths.ts';
import { ProjectsContext, type ProjectsContextValue } from './context.ts';
import { useFirstSyncRefresh } from './useFirstSyncRefresh.ts';

import { PROJECTS_KEY } from './projectsKey.ts';

/** The visit's choice (this tab, until sign-out): a reload or a link without `?project=` keeps it. */
const CHOICE_KEY = 'fluxion.chosen-board';
const FILTER_KEY = 'fluxion.chosen-filter';
function remembered(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}
function remember(key: string, value: string): void {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    // storage unavailable: the choice lasts as long as the page
  }
}

/**
 * Projects load when authenticated and are cleared, with the selection, when not. On an
 * analysis page a choice is written to the address (`?project=`), so reload, back and a pasted link
 * reopen it: a new board is a new history entry; the same board again, or a first one written into an
 * address without a board, replaces the current one.
 */
export function ProjectsProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  // Asked once the profile has loaded: while a sign-in is being taken over there is no token yet.
  const ready = isAuthenticated && user !== null;
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<Project | null>(null);
  // Chosen once a visit. The board and its filter go along to every analysis (carry).
  const [choiceId, setChoiceId] = useState(() => remembered(CHOICE_KEY));
  const [filter, setFilter] = useState(() => remembered(FILTER_KEY));
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
    setChoiceId('');
    setFilter('');
    remember(CHOICE_KEY, '');
    remember(FILTER_KEY, '');
    queryClient.removeQueries({ queryKey: PROJECTS_KEY });
  }, [isAuthenticated, queryClient]);

  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
  }, [queryClient]);

  const onAnalysisPage = isAnalysisPath(pathname);
  // The selector's list is empty when the call fails (docs/api.md, Projects); the failure is told apart (loadError).
  const projects = isAuthenticated ? (query.data ?? []) : [];
  const loadError = isAuthenticated && query.isError && query.data === undefined ? query.error : null;
  // On an analysis page the address is the choice; elsewhere the last choice is kept.
  const urlId = onAnalysisPage ? params.get('project') : null;
  const fromUrl = urlId ? (projects.find((project) => project.project_id === urlId) ?? null) : null;
  const earlier = choiceId ? (projects.find((project) => project.project_id === choiceId) ?? null) : null;
  const current = urlId ? fromUrl : (selected ?? earlier);
  const choose = useCallback((project: Project | null) => {
    setSelected(project);
    setChoiceId(project?.project_id ?? '');
    remember(CHOICE_KEY, project?.project_id ?? '');
  }, []);
  useEffect(() => {
    if (fromUrl) choose(fromUrl);
  }, [fromUrl, choose]);
  // The filter of the analysis page shown is the one carried to the next.
  const pageFilter = onAnalysisPage ? filterSearch(params) : null;
  useEffect(() => {
    if (pageFilter === null) return;
    setFilter(pageFilter);
    remember(FILTER_KEY, pageFilter);
  }, [pageFilter]);
  const carry = carriedSearch(current?.project_id ?? null, pageFilter ?? filter);

  const select = useCallback(
    (project: Project | null) => {
      choose(project);
      if (!onAnalysisPage) return;
      const id = project?.project_id ?? null;
      // An address without a board (`?demo=1`, a link without `?project=`) only gets the choice written in:
      // a new entry there would send back to it, and from it forward again, for ever.
      const current = params.get('project');
      setParams(withProject(params, id), { replace: current === null || current === id });
    },
    [onAnalysisPage, params, setParams, choose],
  );

  const value = useMemo<ProjectsContextValue>(
    () => ({
      projects,
      loading: isAuthenticated && query.isPending,
      selected: current,
      select,
      reload,
      loadError,
      reloading: query.isFetching,
      carry,
    }),
    [projects, isAuthenticated, query.isPending, current, select, reload, loadError, query.isFetching, carry],
  );
  return <ProjectsContext.Provider value={value}>{children}</ProjectsContext.Provider>;
}
