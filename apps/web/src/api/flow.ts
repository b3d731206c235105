import type { ItemFilterParams } from '@fluxion/contract';
import { api } from './instance.ts';

export type FlowParams = {
  project: string;
  days: number;
  horizon?: number;
  items?: number;
  unit?: 'items' | 'estimate';
};

/** GET /api/flow/ (docs/metrics.md, "Flow"). */
export const getFlow = (query: FlowParams, filter: ItemFilterParams = {}) =>
  api.call('flow', { query: { ...query, ...filter } });
