/** One item as the collector sees it on GitHub at one moment, whatever path (poll, webhook) brought it. */
export type ObservedItem = {
  itemId: string;
  number: number | null;
  title: string;
  url: string | null;
  contentType: string;
  milestone: string | null;
  labels: string[];
  /** Logins; absent where the path that brought the item does not report them (webhooks). */
  assignees?: string[];
  /** The Status column, or null for "no status". */
  column: string | null;
  /** When the Status value was last set (GitHub's field value `updatedAt`), if known. */
  statusUpdatedAt: number | null;
  /** When the item itself last changed (archived, restored, status cleared…), if known. */
  updatedAt: number | null;
  archived: boolean;
};

/** An item as stored. */
export type StoredItem = {
  itemId: string;
  column: string | null;
  enteredColumnAt: number | null;
  removedAt: number | null;
  /** Its issue metadata in a comparable form, when loaded (a listing then skips unchanged items). */
  metadata?: string;
};

export type TransitionSource = 'snapshot' | 'poll' | 'webhook' | 'backfill' | 'demo';

export type Move = {
  itemId: string;
  from: string | null;
  to: string | null;
  at: number;
  source: TransitionSource;
};
