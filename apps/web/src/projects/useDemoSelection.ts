import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useProjects } from './context.ts';

/** Spec §2: `?demo=1` on an analysis page selects the demo project. */
export function useDemoSelection(): void {
  const [params] = useSearchParams();
  const { projects, select, selected } = useProjects();
  const wantsDemo = params.get('demo') === '1';

  useEffect(() => {
    if (!wantsDemo || selected?.is_demo) return;
    const demo = projects.find((project) => project.is_demo);
    if (demo) select(demo);
  }, [wantsDemo, projects, select, selected]);
}
