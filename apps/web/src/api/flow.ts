import type { FlowResponse } from '@fluxion/contract';
import { api } from './instance.ts';

export type FlowParams = { project: string; days: number; horizon?: number; items?: number };

/** GET /api/flow/ (docs/metrics.md, "Flow"). */
export function getFlow(p: FlowParams): Promise<FlowResponse> {
  const search = new URLSearchParams({ project: p.project, days: String(p.days) });
  if (p.horizon !== undefined) search.set('horizon', String(p.horizon));
  if (p.items !== undefined) search.set('items', String(p.items));
  return api.json<FlowResponse>(`/api/flow/?${search.toString()}`);
}
