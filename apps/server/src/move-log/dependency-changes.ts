import type { DependencyChange } from '@fluxion/flow';
import type { BoardChanges } from '../boards/changes.ts';
import type { Db } from '../db/connection.ts';
import type { StoredRelatedIssue } from './moves.ts';

/**
 * When issues started and stopped blocking each item (migration 034; docs/metrics.md, "Dependency
 * blocking"): a "blocked by" dependency added (a start) or removed (a stop), its blocking issue closed (a
 * stop, dated by GitHub's `closedAt`) or reopened (a start). Learnt from listings, which read each blocked
 * issue's blockers (github/queries.ts, BLOCKED_BY), and from `issue_dependencies` webhooks. The key makes
 * a change written twice (a webhook delivered twice, a listing after it) one row; a late one takes its
 * place in time, since the spans are read in time order.
 */

export type DependencySource = 'poll' | 'webhook' | 'demo';

/** A blocking issue as stored with each change. */
export type Blocker = Pick<StoredRelatedIssue, 'number' | 'repository' | 'title' | 'url'>;

export type RecordedDependencyChange = DependencyChange & { blocker: Blocker };

/** The issues blocking a listed item, as the listing read them; an item without `blockedBy` read is left out. */
export type ObservedBlockers = { itemId: string; blockedBy: readonly StoredRelatedIssue[] };

type Latest = { blocking: boolean; at: number };

const pairKey = (itemId: string, blockingId: string) => `${itemId}\u0000${blockingId}`;

const blockerOf = (issue: StoredRelatedIssue): Blocker => ({
  number: issue.number,
  repository: issue.repository,
  title: issue.title,
  url: issue.url,
});

/**
 * The changes a listing at `now` shows against the latest recorded change of each (item, blocking issue):
 * - an open blocking issue not blocking the item as recorded: a start, now (GitHub dates no dependency);
 * - a closed one recorded as blocking: a stop at its `closedAt` when that is after the start and not after
 *   now, else now; a closed one never recorded blocked nothing while Fluxion watched;
 * - one recorded as blocking that the listing no longer names: the dependency was removed, a stop now.
 */
export function dependencyChanges(
  latest: ReadonlyMap<string, Latest & { itemId: string; blockingId: string }>,
  observed: readonly ObservedBlockers[],
  now: number,
): RecordedDependencyChange[] {
  const changes: RecordedDependencyChange[] = [];
  const named = new Set<string>();
  for (const { itemId, blockedBy } of observed) {
    for (const issue of blockedBy) {
      const key = pairKey(itemId, issue.contentId);
      named.add(key);
      const before = latest.get(key);
      const blocking = !issue.closed;
      if ((before?.blocking ?? false) === blocking) continue;
      const closedAt = issue.closedAt ? Date.parse(issue.closedAt) : null;
      const plausible =
        closedAt !== null && closedAt <= now && closedAt > (before?.at ?? Number.NEGATIVE_INFINITY);
      const at = !blocking && plausible ? closedAt : now;
      changes.push({ itemId, blockingId: issue.contentId, blocking, at, blocker: blockerOf(issue) });
    }
  }
  const listed = new Set(observed.map((o) => o.itemId));
  for (const [key, before] of latest) {
    if (!before.blocking || named.has(key) || !listed.has(before.itemId)) continue;
    const blocker = { number: 0, repository: '', title: '', url: '' };
    changes.push({ itemId: before.itemId, blockingId: before.blockingId, blocking: false, at: now, blocker });
  }
  return changes;
}

const ROWS_PER_STATEMENT = 1000;

/** Writes the changes once each, in the unit of work; answers how many were new. */
export async function recordDependencyChanges(
  unit: BoardChanges,
  changes: readonly RecordedDependencyChange[],
  source: DependencySource,
  now: number,
): Promise<number> {
  let written = 0;
  for (let i = 0; i < changes.length; i += ROWS_PER_STATEMENT) {
    const result = await unit.db
      .insertInto('dependency_changes')
      .values(
        changes.slice(i, i + ROWS_PER_STATEMENT).map((c) => ({
          board_id: unit.boardId,
          item_id: c.itemId,
          blocking_id: c.blockingId,
          blocking: c.blocking ? 1 : 0,
          at: c.at,
          blocker: JSON.stringify(c.blocker),
          source,
          recorded_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  unit.wrote(written);
  return written;
}

/** Forgets the board's dependency history (the demo board's, regenerated each day). */
export async function forgetDependencyChanges(db: Db, boardId: string): Promise<void> {
  await db.deleteFrom('dependency_changes').where('board_id', '=', boardId).execute();
}

/** The board's dependency history (only these items' when given), oldest first. */
export async function loadDependencyChanges(
  db: Db,
  boardId: string,
  itemIds?: readonly string[],
): Promise<RecordedDependencyChange[]> {
  let query = db
    .selectFrom('dependency_changes')
    .select(['item_id', 'blocking_id', 'blocking', 'at', 'blocker'])
    .where('board_id', '=', boardId);
  if (itemIds) query = query.where('item_id', 'in', [...itemIds]);
  const rows = await query.orderBy('at').orderBy('item_id').orderBy('blocking').execute();
  return rows.map((r) => ({
    itemId: r.item_id,
    blockingId: r.blocking_id,
    blocking: Number(r.blocking) === 1,
    at: Number(r.at),
    blocker: parseBlocker(r.blocker),
  }));
}

function parseBlocker(json: string): Blocker {
  try {
    return JSON.parse(json) as Blocker;
  } catch {
    return { number: 0, repository: '', title: '', url: '' };
  }
}

/** Each (item, blocking issue)'s latest change, from its history (oldest first). */
export function latestDependencies(history: readonly RecordedDependencyChange[]) {
  const latest = new Map<string, Latest & { itemId: string; blockingId: string }>();
  for (const c of history)
    latest.set(pairKey(c.itemId, c.blockingId), {
      itemId: c.itemId,
      blockingId: c.blockingId,
      blocking: c.blocking,
      at: c.at,
    });
  return latest;
}

/** Up to this many listed items, only their history is read (an incremental listing); beyond, all of it. */
const FEW_ITEMS = 500;

/** Records what a listing shows of the listed items' blockers against their stored history. */
export async function recordObservedBlockers(
  unit: BoardChanges,
  observed: readonly ObservedBlockers[],
  now: number,
): Promise<number> {
  if (observed.length === 0) return 0;
  const few = observed.length <= FEW_ITEMS ? observed.map((o) => o.itemId) : undefined;
  const latest = latestDependencies(await loadDependencyChanges(unit.db, unit.boardId, few));
  return recordDependencyChanges(unit, dependencyChanges(latest, observed, now), 'poll', now);
}

/**
 * The issues blocking an item now, from its history: each whose latest change is a start, with the
 * blocking issue as last recorded and since when it blocks.
 */
export function blockingNow(
  history: readonly RecordedDependencyChange[],
  itemId: string,
): { blockingId: string; blocker: Blocker; since: number }[] {
  const now = new Map<string, { blockingId: string; blocker: Blocker; since: number } | null>();
  for (const c of history) {
    if (c.itemId !== itemId) continue;
    const current = now.get(c.blockingId);
    if (!c.blocking) now.set(c.blockingId, null);
    else if (!current) now.set(c.blockingId, { blockingId: c.blockingId, blocker: c.blocker, since: c.at });
  }
  return [...now.values()].filter((b) => b !== null);
}
