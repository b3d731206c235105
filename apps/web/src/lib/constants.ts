/** Constants the browser needs, from the contract's zod-free entry (the schemas stay out of the bundle). */
export {
  DEFAULT_ITERATION_LENGTH,
  FALLBACK_CONFIDENCE,
  FLOW_DEFAULTS,
  MIN_STABILITY_SAMPLE,
} from '@fluxion/contract/constants';
