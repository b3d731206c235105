import type { FlowUnit } from '@fluxion/contract';
import { api } from './instance.ts';

/** GET /api/iterations/ (docs/metrics.md, "Iteration report"). */
export const getIterationReport = (query: { project: string; unit: FlowUnit }) =>
  api.call('iterationReport', { query });
