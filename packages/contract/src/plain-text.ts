import type { z } from 'zod';

/**
 * Control characters no text of the API carries: NUL (PostgreSQL cannot store it in text and refuses a
 * query that names it) and the other C0 controls and DEL; tab, line feed and carriage return are text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** Where in `value` (a parsed request, a stored setting) a string holds a control character, or null. */
export function controlCharacterPath(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, element] of value.entries()) {
      const found = controlCharacterPath(element, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, element] of Object.entries(value)) {
      const found = CONTROL_CHARACTER.test(key)
        ? [...path, key]
        : controlCharacterPath(element, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The schema, refusing any string in what it accepts (keys included) that holds a control character: the
 * one rule every request's params, query and body follow (endpoints.ts applies it), and webhooks' payloads.
 */
export function withoutControlCharacters<S extends z.ZodType>(schema: S): S {
  return schema.superRefine((value, ctx) => {
    const path = controlCharacterPath(value);
    if (path) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTER_MESSAGE, path, input: value });
  }) as S;
}
