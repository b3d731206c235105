import type { Project } from '@fluxion/contract';
import { DEFAULT_ITERATION_LENGTH } from '../lib/constants.ts';
import { useProjects } from './context.ts';
import { useDemoSelection } from './useDemoSelection.ts';
import { useProjectParam } from './useProjectParam.ts';

/** The selected project of an analysis page (with `?demo=1` or `?project=`) and its iteration days (default 7). */
export function useAnalysisProject(): { project: Project | null; days: number } {
  useDemoSelection();
  useProjectParam();
  const { selected } = useProjects();
  return { project: selected, days: selected?.iteration_length_days || DEFAULT_ITERATION_LENGTH };
}
