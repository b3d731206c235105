import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useProjects } from './context.ts';

/**
 * `?project=<id>` on an analysis page is the chosen board (the provider reads it): an analysis page
 * reached without it writes the current choice into the address, unless `?demo=1` asks for the demo.
 */
export function useProjectParam(): void {
  const [params] = useSearchParams();
  const { selected, select } = useProjects();
  const missing = !params.get('project') && params.get('demo') !== '1';

  useEffect(() => {
    if (missing && selected) select(selected);
  }, [missing, selected, select]);
}
