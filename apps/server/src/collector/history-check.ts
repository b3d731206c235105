import {
  type LabelEvent,
  type LinkedPullRequest,
  type ReconstructionBoard,
  reconstructHistory,
} from '@fluxion/flow';
import type { GithubItemHistory } from '../github/types.ts';
import type { Move, ObservedItem } from './observation.ts';

/**
 * GitHub stamps a field value's `updatedAt` and the timeline event of the same move separately: up to a
 * minute apart counts as the same instant.
 */
const SAME_MOVE_MS = 60_000;

export type CheckedHistories = {
  /** The imported moves: GitHub's events, and each checked item's known entry into its current column. */
  moves: Move[];
  /** Item → the instant before which its history is partial (when it entered its current column). */
  partial: Map<string, number>;
  /** How many items' histories were checked against GitHub's current value. */
  checked: number;
  /** The partial items' reconstructed steps (source 'estimated'): docs/metrics.md, "Reconstructed histories". */
  estimated?: Move[];
};

type Current = Pick<ObservedItem, 'itemId' | 'column' | 'statusUpdatedAt' | 'addedAt'>;

/**
 * The import of past moves, each item's chain checked against what GitHub says now: its current column
 * and when it entered it (the field value's `updatedAt`, U). A chain whose last event enters that column
 * at U is complete; so is an item without events whose value was set when it was added. Any other chain
 * lost events (GitHub has written most moves without one since about 24 September 2026): what is known is
 * kept (its events before U, and its entry into its current column at U), the history before U is marked
 * partial, and no move is invented. Items without a column or a value time, or set after the board was
 * added (`addedAt`: moves since are recorded one by one), are imported as their events say.
 */
export function checkHistories(
  histories: readonly GithubItemHistory[],
  current: readonly Current[],
  addedAt: number,
): CheckedHistories {
  const byId = new Map(current.map((c) => [c.itemId, c]));
  const result: CheckedHistories = { moves: [], partial: new Map(), checked: 0 };
  for (const history of histories) {
    const item = history.itemId ? byId.get(history.itemId) : undefined;
    if (!item) continue;
    const events = eventMoves(history, item.itemId);
    const entered = item.statusUpdatedAt;
    if (item.column === null || entered === null || !(entered < addedAt)) {
      result.moves.push(...events);
      continue;
    }
    result.checked += 1;
    const known = knownUntil(events, entered);
    const entry: Move = { itemId: item.itemId, from: null, to: item.column, at: entered, source: 'backfill' };
    if (chainHolds(events, item.column, entered, history.addedAt)) {
      result.moves.push(...(events.length > 0 ? events : [entry]));
    } else {
      result.moves.push(...known, entry);
      result.partial.set(item.itemId, entered);
    }
  }
  return result;
}

function eventMoves(history: GithubItemHistory, itemId: string): Move[] {
  return history.changes
    .map((change) => ({
      itemId,
      from: change.from,
      to: change.to,
      at: Date.parse(change.at),
      source: 'backfill' as const,
    }))
    .filter((move) => Number.isFinite(move.at))
    .sort((a, b) => a.at - b.at);
}

/** The events before the item's known entry: after it, they cannot be placed in its chain. */
function linked(events: readonly Move[]): boolean {
  return events.every((e, i) => e.from === (i === 0 ? null : (events[i - 1] as Move).to));
}

function knownUntil(events: readonly Move[], entered: number): Move[] {
  return events.filter((e) => e.at < entered - SAME_MOVE_MS);
}

/**
 * Whether the events end with the entry GitHub's value records (or, without events, it was set when added),
 * and link up: each leaves the column the one before entered, the first none. A chain that leaves a column
 * it never entered lost the event between (GitHub writes one when an item gets its first value).
 */
function chainHolds(
  events: readonly Move[],
  column: string,
  entered: number,
  addedAt: string | null,
): boolean {
  const last = events.at(-1);
  if (last) return linked(events) && last.to === column && Math.abs(last.at - entered) <= SAME_MOVE_MS;
  const added = addedAt === null ? Number.NaN : Date.parse(addedAt);
  return Math.abs(entered - added) <= SAME_MOVE_MS;
}

const stampsOf = (list: readonly string[] | undefined) =>
  (list ?? []).map((at) => Date.parse(at)).filter((at) => Number.isFinite(at));

function linkedPullRequests(history: GithubItemHistory): LinkedPullRequest[] {
  return (history.pullRequests ?? []).flatMap((pr) => {
    const openedAt = Date.parse(pr.openedAt);
    const mergedAt = pr.mergedAt === null ? null : Date.parse(pr.mergedAt);
    if (!Number.isFinite(openedAt)) return [];
    return [
      {
        openedAt,
        mergedAt: mergedAt !== null && Number.isFinite(mergedAt) ? mergedAt : null,
        closes: pr.closes,
      },
    ];
  });
}

function labelEvents(history: GithubItemHistory): LabelEvent[] {
  return history.labels.flatMap((l) => {
    const at = Date.parse(l.at);
    return Number.isFinite(at) ? [{ at, label: l.label, added: l.added }] : [];
  });
}

/**
 * The partial items' lost histories, reconstructed from what GitHub still keeps (the rule:
 * `reconstructHistory`): each step a move of source 'estimated' with its basis. A recorded move wins: the
 * steps all come before the item's first recorded one.
 */
export function estimateHistories(
  histories: readonly GithubItemHistory[],
  current: readonly Current[],
  checked: CheckedHistories,
  board: ReconstructionBoard,
): Move[] {
  const byId = new Map(current.map((c) => [c.itemId, c]));
  const known = new Map<string, Move[]>();
  for (const move of checked.moves) known.set(move.itemId, [...(known.get(move.itemId) ?? []), move]);
  return histories.flatMap((history) => {
    const item = history.itemId ? byId.get(history.itemId) : undefined;
    const enteredAt = item ? checked.partial.get(item.itemId) : undefined;
    if (!item || item.column === null || enteredAt === undefined) return [];
    const added = history.addedAt === null ? (item.addedAt ?? null) : Date.parse(history.addedAt);
    const steps = reconstructHistory(board, {
      addedAt: added !== null && Number.isFinite(added) ? added : null,
      column: item.column,
      enteredAt,
      surviving: (known.get(item.itemId) ?? []).filter((m) => m.at < enteredAt),
      assignedAt: stampsOf(history.assigned),
      closedAt: stampsOf(history.closed),
      reopenedAt: stampsOf(history.reopened),
      pullRequests: linkedPullRequests(history),
      labels: labelEvents(history),
    });
    return (steps ?? []).map((step) => ({
      itemId: item.itemId,
      from: step.from,
      to: step.to,
      at: step.at,
      source: 'estimated' as const,
      basis: step.basis,
    }));
  });
}
