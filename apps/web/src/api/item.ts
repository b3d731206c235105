import { api } from './instance.ts';

/** GET /api/item/ (docs/metrics.md, "The item page"). */
export const getItemHistory = (query: { project: string; item: string }) =>
  api.call('itemHistory', { query });
