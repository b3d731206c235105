import { api } from './instance.ts';

export type FlowParams = { project: string; days: number; horizon?: number; items?: number };

/** GET /api/flow/ (docs/metrics.md, "Flow"). */
export const getFlow = (query: FlowParams) => api.call('flow', { query });
