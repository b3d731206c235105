// The formatter alone: the contract's index would bring zod and every schema along.
import { type Formatter, formatter } from '@fluxion/contract/format';

/**
 * The viewer's formatter: their browser's locale (`navigator.language`), read once. Every date, duration
 * and number the app shows goes through it (lib/format.ts wraps it for the pages), with the rounding the
 * e-mails, Slack and the insights use.
 */
export const viewerFormat: Formatter = formatter(
  typeof navigator === 'undefined' ? undefined : navigator.language,
);

/** A count, grouped as the viewer reads numbers: "1,234". */
export const formatCount = (value: number) => viewerFormat.count(value);
