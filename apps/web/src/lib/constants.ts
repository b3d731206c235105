/**
 * Spec §9 constants the browser needs. Kept here rather than imported as values from
 * `@fluxion/contract`, whose index pulls zod (~60 KB gzipped) into the bundle; types still come from there.
 */
export const DEFAULT_ITERATION_LENGTH = 7;
export const FALLBACK_CONFIDENCE = 0.5;
