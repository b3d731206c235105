import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { StripeState } from './state.ts';

/**
 * The simulator's world in a file, as the GitHub simulator keeps its own (local mode: `DATA_DIR`), so that a
 * restart finds the same customers, cards, Checkout sessions, subscriptions, invoices, pending prorations,
 * portal sessions and events — and the clock where the control API left it. Prices are not kept: they come
 * from the options at each start (the server's STRIPE_PRICE_ID). Idempotency keys are not kept either.
 */
const VERSION = 1;

const MAPS = [
  'customers',
  'cards',
  'sessions',
  'orders',
  'subscriptions',
  'invoices',
  'pendingLines',
  'portals',
] as const;

type Snapshot = {
  version: number;
  clockAdvancedMs: number;
  maps: Record<(typeof MAPS)[number], [string, unknown][]>;
  events: unknown[];
};

export function stateSnapshot(state: StripeState): string {
  const maps = Object.fromEntries(MAPS.map((name) => [name, [...state[name].entries()]]));
  const snapshot = { version: VERSION, clockAdvancedMs: state.clock.advanced, maps, events: state.events };
  return JSON.stringify(snapshot);
}

/** Replaces what `state` holds with the snapshot's (its prices stay). */
export function restoreState(state: StripeState, text: string): void {
  const snapshot = JSON.parse(text) as Snapshot;
  if (snapshot.version !== VERSION)
    throw new Error(`Stripe simulator state file version ${snapshot.version}, expected ${VERSION}`);
  for (const name of MAPS) {
    const map = state[name] as Map<string, unknown>;
    map.clear();
    for (const [key, value] of snapshot.maps[name] ?? []) map.set(key, value);
  }
  state.events.splice(0, state.events.length, ...(snapshot.events as StripeState['events']));
  state.clock.restoreAdvance(snapshot.clockAdvancedMs ?? 0);
}

/** Writes the state to `file` at once (a temporary file renamed over it: never half written). */
export function saveStateFile(state: StripeState, file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, stateSnapshot(state), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** Restores `file` into `state`; false when there is no such file yet (a first start, or after `rm -rf data`). */
export function loadStateFile(state: StripeState, file: string): boolean {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  restoreState(state, text);
  return true;
}
