import { api } from './instance.ts';

/** GET /api/overview/ (docs/api.md, "Overview"): every visible board's Flow figures, most urgent first. */
export const getOverview = (days?: number) =>
  api.call('overview', { query: days === undefined ? {} : { days } });
