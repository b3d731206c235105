/**
 * What an alert scan tells (docs/operations.md, "Digest and alerts"): a board's crossings now (SLE
 * breaches, WIP-limit stretches), against what its last scan saw and when each subscriber's alerts came on.
 * Pure: the scheduler reads and records, this decides.
 */

/** A crossing now: its cause key (`sle:<item>:<cycle start>`, `wip:<column>`) and when it happened at the earliest. */
export type Crossing = { key: string; at: number };

/** The board's previous scan: when, and the cause keys it saw; null before the first. */
export type LastScan = { at: number; keys: ReadonlySet<string> } | null;

/**
 * The crossings that are news to a subscriber whose alerts came on at `since`: those the last scan did not
 * see, and, unless that scan came after `since` (then anything it did not see crossed since), that
 * happened at or after `since`. So turning alerts on tells nothing of crossings weeks old.
 */
export function crossingsNews(current: readonly Crossing[], last: LastScan, since: number): string[] {
  const scannedSince = last !== null && last.at >= since;
  return current.filter((c) => !last?.keys.has(c.key) && (scannedSince || c.at >= since)).map((c) => c.key);
}

/** The cause of an alert job that lists one scan's crossings. */
export const scanCause = (at: number) => `crossed:${at}`;

/** The cause keys a scan job lists (its `crossings` column), or [] when unreadable. */
export function readCrossings(text: string | null): string[] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}
