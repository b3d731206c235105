import type { FlowUnit, IterationReportResponse } from '@fluxion/contract';
import { useQuery } from '@tanstack/react-query';
import { getIterationReport } from '../api/iterations.ts';

/**
 * A board's iteration report in `unit`: its Iteration field, its estimate field and its iterations come
 * with it, so the filter bar and the Flow page's unit switch share the one call (cached by react-query).
 */
export function useIterationReport(projectId: string | null, unit: FlowUnit = 'items') {
  return useQuery<IterationReportResponse>({
    queryKey: ['iterations', projectId, unit],
    queryFn: () => getIterationReport({ project: projectId ?? '', unit }),
    enabled: projectId !== null,
  });
}

/** What the board offers: its iterations (empty without an Iteration field) and its estimate field's name. */
export function useBoardIterations(projectId: string | null): {
  iterations: IterationReportResponse['iterations'];
  iterationField: string | null;
  estimateField: string | null;
} {
  const { data } = useIterationReport(projectId);
  return {
    iterations: data?.iterations ?? [],
    iterationField: data?.iteration_field ?? null,
    estimateField: data?.estimate_field ?? null,
  };
}
