import { wallClockMs } from '@fluxion/contract';
import { formatDate } from './format.ts';

/**
 * A timestamp dated on a board's local day (`timeZone`: its calendar's zone), as 'Mar 5, 2025'.
 * Apart from format.ts because the contract's index brings zod and every schema, which the first page
 * does not need (docs/performance.md, "First load of the web app").
 */
export const formatLocalDate = (value: string | null | undefined, timeZone: string): string =>
  formatDate(value, (ms) => wallClockMs(ms, timeZone));
