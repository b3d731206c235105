import type { AnalysisFilterParams } from '@fluxion/contract';
import { api } from './instance.ts';

export type FlowParams = {
  project: string;
  days: number;
  horizon?: number;
  items?: number;
  unit?: 'items' | 'estimate';
};

/** GET /api/flow/ (docs/metrics.md, "Flow"). */
export const getFlow = (query: FlowParams, filter: AnalysisFilterParams = {}) =>
  api.call('flow', { query: { ...query, ...filter } });
