import type { ShareFilterParams } from '@fluxion/contract';
import { filterQuery, type ItemFilterState } from '../../../lib/itemFilter.ts';

export type ShareRequest = { project: string; filters: ShareFilterParams; expires_in_days: number };

/** POST /api/share-links/: the window and, from an analysis page, the item filter it shows. */
export function shareRequest(
  project: string,
  settings: { days: number; lifetime: number; filter: ItemFilterState | null },
): ShareRequest {
  const filters = settings.filter
    ? { days: settings.days, ...filterQuery(settings.filter) }
    : { days: settings.days };
  return { project, filters, expires_in_days: settings.lifetime };
}
