import type { Project } from '@fluxion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { awaitsData } from '../lib/sync.ts';
import { PROJECTS_KEY } from './projectsKey.ts';

/**
 * A board just added shows "Waiting for the first sync" (then "Importing the history") and empty
 * figures; when its data lands (the list is read every 5 s meanwhile), every page's data is read
 * again, so the figures follow.
 */
export function useFirstSyncRefresh(projects: Project[] | undefined): void {
  const queryClient = useQueryClient();
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    if (!projects) return;
    const landed = [...waiting.current].some((id) =>
      projects.some((project) => project.project_id === id && !awaitsData(project)),
    );
    waiting.current = new Set(projects.filter(awaitsData).map((project) => project.project_id));
    if (landed) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== PROJECTS_KEY[0] });
  }, [projects, queryClient]);
}
