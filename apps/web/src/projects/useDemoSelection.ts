import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useProjects } from './context.ts';

/**
 * Spec §2: `?demo=1` on an analysis page selects the demo project — once: a project picked in the
 * selector afterwards stays picked while the parameter is still in the address.
 */
export function useDemoSelection(): void {
  const [params] = useSearchParams();
  const { projects, select } = useProjects();
  const wantsDemo = params.get('demo') === '1';
  const applied = useRef(false);

  useEffect(() => {
    if (!wantsDemo) {
      applied.current = false;
      return;
    }
    if (applied.current) return;
    const demo = projects.find((project) => project.is_demo);
    if (!demo) return;
    applied.current = true;
    select(demo);
  }, [wantsDemo, projects, select]);
}
