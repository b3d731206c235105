import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useProjects } from './context.ts';

/**
 * `?project=<id>` on an analysis page selects that project, once per link followed (Home's board cards
 * link to a board's analyses). Once applied, the selector is the user's again: the parameter does not
 * pull the selection back.
 */
export function useProjectParam(): void {
  const [params] = useSearchParams();
  const { projects, select } = useProjects();
  const wanted = params.get('project');
  const applied = useRef<string | null>(null);

  useEffect(() => {
    if (!wanted || applied.current === wanted) return;
    const project = projects.find((candidate) => candidate.project_id === wanted);
    if (!project) return;
    applied.current = wanted;
    select(project);
  }, [wanted, projects, select]);
}
