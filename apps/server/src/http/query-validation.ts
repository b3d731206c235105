import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** Querystrings remembered per route: a page asks again and again with the same handful. */
const QUERIES_KEPT = 512;

/**
 * The zod validator (fastify-type-provider-zod), remembering each route's valid querystrings: a warm
 * analysis is asked with the same query again and again, and checking it was a tenth of the request's
 * CPU (docs/performance.md, "Warm answers"). The query is a pure function of its text (no schema reads
 * the clock), so its validated value is kept frozen and handed to every request with that text; bodies,
 * params and refused queries are checked each time.
 */
export const queryRememberingCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'querystring') return validate;
  const known = new Map<string, { value: unknown }>();
  return (data) => {
    const text = JSON.stringify(data);
    const kept = known.get(text);
    if (kept) return kept;
    const result = validate(data) as { value?: unknown; error?: FastifySchemaValidationError[] | Error };
    if (result.error !== undefined) return result;
    const valid = { value: deepFrozen(result.value) };
    if (typeof valid.value === 'object' && valid.value !== null) rememberedQueries.add(valid.value);
    if (known.size >= QUERIES_KEPT) known.clear();
    known.set(text, valid);
    return valid;
  };
};

const rememberedQueries = new WeakSet<object>();

/**
 * Whether `query` is a validated query this module hands to every request with its querystring: frozen
 * all the way down, so what is derived from it alone may be kept beside it (analytics/board.ts).
 */
export const isRememberedQuery = (query: object): boolean => rememberedQueries.has(query);

/** Arrays and plain objects frozen all the way down: a request cannot change what the next one reads. */
function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFrozen(inner);
    Object.freeze(value);
  }
  return value;
}
