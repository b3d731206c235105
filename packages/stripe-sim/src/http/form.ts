import { parse } from 'qs';
import { invalidParam, missingParam } from '../model/errors.ts';

/** A form-encoded Stripe request body: `metadata[user_id]=1&line_items[0][price]=price_x` nested. */
export type FormNode = string | Form | FormNode[];
export type Form = { [key: string]: FormNode };

/** Stripe's bracket syntax, as qs reads it (arrays from `[0]` and `[]`; no prototype keys). */
export function parseForm(body: string): Form {
  return parse(body, { depth: 10, arrayLimit: 1_000 }) as Form;
}

export function optionalString(form: Form, key: string): string | null {
  const value = form[key];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalidParam(key, `Invalid string: ${key}`);
  return value;
}

export function requiredString(form: Form, key: string): string {
  const value = optionalString(form, key);
  if (value === null) throw missingParam(key);
  return value;
}

export function optionalBoolean(form: Form, key: string): boolean | null {
  const value = optionalString(form, key);
  if (value === null) return null;
  if (value !== 'true' && value !== 'false') throw invalidParam(key, `Invalid boolean: ${value}`);
  return value === 'true';
}

/** A Unix timestamp in seconds, as Stripe takes them. */
export function optionalTimestamp(form: Form, key: string, param = key): number | null {
  const value = optionalString(form, key);
  if (value === null) return null;
  if (!/^\d+$/.test(value))
    throw invalidParam(param, `Invalid timestamp: must be an integer Unix timestamp.`);
  return Number(value);
}

export function metadata(form: Form, key = 'metadata'): Record<string, string> {
  const value = form[key];
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParam(key, `Invalid object: ${key}`);
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

export function objectAt(form: Form, key: string): Form {
  const value = form[key];
  return typeof value === 'object' && !Array.isArray(value) ? value : {};
}

export function listAt(form: Form, key: string): Form[] {
  const value = form[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidParam(key, `Invalid array: ${key}`);
  return value.map((entry) => (typeof entry === 'object' && !Array.isArray(entry) ? entry : {}));
}
