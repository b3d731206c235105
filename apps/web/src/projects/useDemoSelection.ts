import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useProjects } from './context.ts';

/**
 * `?demo=1` on an analysis page selects the demo project. An explicit `?project=` wins, and
 * the choice replaces the switch in the address, so a board picked afterwards stays picked.
 */
export function useDemoSelection(): void {
  const [params] = useSearchParams();
  const { projects, select } = useProjects();
  const wantsDemo = params.get('demo') === '1' && !params.get('project');

  useEffect(() => {
    if (!wantsDemo) return;
    const demo = projects.find((project) => project.is_demo);
    if (demo) select(demo);
  }, [wantsDemo, projects, select]);
}
