/**
 * The contract's constants, without zod: the web app imports them from `@fluxion/contract/constants`
 * so its bundle does not carry the schemas. The schemas use the same values.
 */
export const ITERATION_LENGTH_OPTIONS = [1, 2, 4, 7, 14, 28] as const;
export const DEFAULT_ITERATION_LENGTH = 7;

/** GET /api/flow/'s defaults: the window (days), the "how many" horizon (days) and the "when" target (items). */
export const FLOW_DEFAULTS = { days: 30, horizon: 14, items: 10 } as const;

/** Confidence of the fallback insight (docs/metrics.md §6). */
export const FALLBACK_CONFIDENCE = 0.5;

/**
 * The title an item has in every answer to a user GitHub does not show its content to (an issue of a
 * private repository they may not read); its number, URL, milestone and labels are empty.
 */
export const PRIVATE_ITEM_TITLE = 'Private item';

/** Fewer completions than this in the last two windows: stability is not shown (no verdict it cannot back). */
export const MIN_STABILITY_SAMPLE = 3;
