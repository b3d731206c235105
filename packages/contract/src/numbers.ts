import { z } from 'zod';

/**
 * A whole number in [min, max], from JSON (a number) or from a query string (decimal digits only).
 * `z.coerce.number()` also took `true`, `[1]`, `0x10`, `+5`, `" 5"` and `1e2`: JavaScript's Number(),
 * not what anyone typed as a count of days.
 */
export function wholeNumber(name: string, min: number, max: number, unit = '') {
  const suffix = unit ? ` ${unit}` : '';
  const error = `${name} must be a whole number (decimal digits only)`;
  return z
    .union([z.number({ error }), z.string({ error }).regex(/^\d{1,15}$/, error)], { error })
    .transform(Number)
    .pipe(
      z
        .number()
        .int(`${name} must be a whole number${suffix}`)
        .min(min, `${name} must be at least ${min}${suffix}`)
        .max(max, `${name} must be at most ${max}${suffix}`),
    );
}
