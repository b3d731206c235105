import type { RelatedIssue } from '@fluxion/flow';
import type { MoveSource } from '@fluxion/contract';
import type { EstimateBasis } from '@fluxion/flow';

/** The move log's vocabulary, as its writers hand it moves and items (`writes.ts`). */

/** An item as stored. */
export type StoredItem = {
  itemId: string;
  column: string | null;
  enteredColumnAt: number | null;
  removedAt: number | null;
  /** When it was stored archived (null: not archived, or archived by a webhook before that was stored). */
  archivedAt?: number | null;
  /** Its issue metadata in a comparable form, when loaded (a listing then skips unchanged items). */
  metadata?: string;
};

export type TransitionSource = 'snapshot' | 'poll' | 'webhook' | 'backfill' | 'demo' | 'estimated';

/** The API's word for how a move was learnt (the table's `source`): the item page's and the audit's. */
export const MOVE_SOURCES: Record<TransitionSource, MoveSource> = {
  webhook: 'webhook',
  poll: 'poll',
  snapshot: 'listing',
  backfill: 'import',
  demo: 'demo',
  estimated: 'estimated',
};

export type Move = {
  itemId: string;
  from: string | null;
  to: string | null;
  at: number;
  source: TransitionSource;
  /** An estimated move's evidence (docs/metrics.md, "Reconstructed histories"); absent for recorded ones. */
  basis?: EstimateBasis;
  /**
   * A move off the board that is an archiving (a webhook's `archived`): the item is then stored archived,
   * as a listing stores it, since a later listing finds it off the board already and changes nothing.
   */
  archived?: boolean;
};

/** An item's current column as the log keeps it (`items`). */
export type ItemState = {
  itemId: string;
  column: string | null;
  enteredColumnAt: number | null;
  removed: boolean;
  /** Archived on GitHub (one way of leaving the board); absent: not. */
  archived?: boolean;
};

/** An issue another one points to (parent, blocker); `closedAt` for blockers where read. */
export type StoredRelatedIssue = RelatedIssue & { closedAt?: string | null };

/**
 * An issue's type, parent, sub-issue counts and blockers, as a listing read them (`issueType` and
 * `blockedBy` absent: the host serves neither).
 */
export type ItemRelations = {
  issueType?: string | null;
  parent: StoredRelatedIssue | null;
  subIssues: { total: number; completed: number } | null;
  blockedBy?: StoredRelatedIssue[];
};

/**
 * An issue's metadata as stored with its item; `assignees`, `contentId` and `relations` absent: not
 * reported, the stored ones stay.
 */
export type ItemMetadata = {
  itemId: string;
  number: number | null;
  title: string;
  url: string | null;
  contentType: string;
  milestone: string | null;
  labels: string[];
  assignees?: string[];
  contentId?: string;
  relations?: ItemRelations;
};
