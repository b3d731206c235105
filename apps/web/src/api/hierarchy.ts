import type { EstimatedOption } from '@fluxion/contract';
import { api } from './instance.ts';

/** GET /api/level-of-work/ (docs/metrics.md, "Level of work"). */
export const getLevelOfWork = (project: string) => api.call('levelOfWork', { query: { project } });

/** GET /api/parents/ (docs/metrics.md, "Parents"); `item`: that parent alone. */
export const getParents = (query: { project: string; item?: string; estimated?: EstimatedOption }) =>
  api.call('parents', { query });
