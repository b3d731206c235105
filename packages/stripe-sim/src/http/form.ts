import { invalidParam, missingParam } from '../model/errors.ts';

/** A form-encoded Stripe request body: `metadata[user_id]=1&line_items[0][price]=price_x` nested. */
export type FormNode = string | Form | FormNode[];
export type Form = { [key: string]: FormNode };

function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const rest = [...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [key.slice(0, first), ...rest];
}

function toArrays(node: FormNode): FormNode {
  if (typeof node === 'string' || Array.isArray(node)) return node;
  const keys = Object.keys(node);
  const entries = keys.map((k) => [k, toArrays(node[k] as FormNode)] as const);
  const indexed = keys.length > 0 && keys.every((k, i) => k === String(i));
  return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

export function parseForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    let node: Form = root;
    path.forEach((raw, index) => {
      const part = raw === '' ? String(Object.keys(node).length) : raw;
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      const child: Form = typeof next === 'object' && !Array.isArray(next) ? next : {};
      node[part] = child;
      node = child;
    });
  }
  return toArrays(root) as Form;
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
