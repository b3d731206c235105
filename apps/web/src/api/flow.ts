import type { AnalysisFilterParams } from '@fluxion/contract';
import { api } from './instance.ts';

export type FlowParams = {
  project: string;
  days: number;
  horizon?: number;
  items?: number;
  unit?: 'items' | 'estimate';
  /** What the distribution splits by; absent: the board's setting (docs/metrics.md, "Breakdown"). */
  breakdown?: 'issue_type' | 'field';
};

/** GET /api/flow/ (docs/metrics.md, "Flow"). */
export const getFlow = (query: FlowParams, filter: AnalysisFilterParams = {}) =>
  api.call('flow', { query: { ...query, ...filter } });
