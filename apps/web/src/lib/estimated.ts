import type { EstimatedOption } from '@fluxion/contract';

/**
 * Whether a page's figures count the estimated steps of reconstructed histories (docs/metrics.md,
 * "Reconstructed histories"), held in the address as the filter is: `?estimated=leave_out`; absent means
 * `include`, the API's default, so a link without it keeps meaning what it meant.
 */
export const ESTIMATED_PARAM = 'estimated';

export function estimatedFromParams(params: URLSearchParams): EstimatedOption {
  return params.get(ESTIMATED_PARAM) === 'leave_out' ? 'leave_out' : 'include';
}

/** The address with `option` in force; every other parameter kept. */
export function paramsWithEstimated(params: URLSearchParams, option: EstimatedOption): URLSearchParams {
  const next = new URLSearchParams(params);
  if (option === 'leave_out') next.set(ESTIMATED_PARAM, option);
  else next.delete(ESTIMATED_PARAM);
  return next;
}

/** The API query's part: nothing for the default, so cached answers and links stay as they were. */
export function estimatedQuery(option: EstimatedOption): { estimated?: EstimatedOption } {
  return option === 'leave_out' ? { estimated: option } : {};
}
