import type { OverviewResponse } from '@fluxion/contract';
import { api } from './instance.ts';

/** GET /api/overview/ (docs/api.md, "Overview"): every visible board's Flow figures, most urgent first. */
export function getOverview(days?: number): Promise<OverviewResponse> {
  const search = days === undefined ? '' : `?days=${days}`;
  return api.json<OverviewResponse>(`/api/overview/${search}`);
}
