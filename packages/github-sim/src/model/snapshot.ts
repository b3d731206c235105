import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { World } from './world.ts';

/** The world's state (everything but the clock, the listeners and the served schema). */
const FIELDS = [
  'users',
  'orgs',
  'projects',
  'contents',
  'items',
  'timeline',
  'tokens',
  'nextId',
  'nextPosition',
  'issueNumbers',
  'app',
  'installations',
  'installationTokens',
  'refreshTokens',
  'installRequests',
  'nextInstallationId',
] as const;
const VERSION = 1;

function encode(value: unknown): unknown {
  if (value instanceof Map) return { $map: [...value].map(([k, v]) => [encode(k), encode(v)]) };
  if (value instanceof Set) return { $set: [...value].map(encode) };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  }
  return value;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (!value || typeof value !== 'object') return value;
  if ('$map' in value)
    return new Map((value.$map as [unknown, unknown][]).map(([k, v]) => [decode(k), decode(v)]));
  if ('$set' in value) return new Set((value.$set as unknown[]).map(decode));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
}

/** The world as JSON: Maps and Sets tagged, so `restoreWorld` gives them back as they were. */
export function worldSnapshot(world: World): string {
  const fields = world as unknown as Record<string, unknown>;
  return JSON.stringify({
    version: VERSION,
    fields: Object.fromEntries(FIELDS.map((f) => [f, encode(fields[f])])),
  });
}

/** Puts a snapshot's state into `world` (a fresh, unseeded one). */
export function restoreWorld(world: World, snapshot: string): void {
  const parsed = JSON.parse(snapshot) as { version: number; fields: Record<string, unknown> };
  if (parsed.version !== VERSION) throw new Error(`unknown simulator state version ${parsed.version}`);
  const fields = world as unknown as Record<string, unknown>;
  for (const name of FIELDS) {
    // A state saved before a field existed keeps that field's fresh value (e.g. no App yet).
    if (!(name in parsed.fields)) continue;
    const value = decode(parsed.fields[name]);
    const current = fields[name];
    if (current instanceof Map && value instanceof Map) {
      current.clear();
      for (const [k, v] of value) current.set(k, v);
    } else {
      fields[name] = value;
    }
  }
}

/** Writes the world to `file` whole or not at all (a crash mid-write leaves the previous state). */
export function saveWorldFile(world: World, file: string): void {
  writeFileSync(`${file}.tmp`, worldSnapshot(world), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** Restores `file` into `world`; false when there is no such file yet. */
export function loadWorldFile(world: World, file: string): boolean {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  restoreWorld(world, text);
  return true;
}
