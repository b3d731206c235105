import type { ItemMetadata } from '../move-log/moves.ts';

/** One item as the collector sees it on GitHub at one moment, whatever path (poll, webhook) brought it. */
export type ObservedItem = ItemMetadata & {
  /** The Status column, or null for "no status". */
  column: string | null;
  /** When the Status value was last set (GitHub's field value `updatedAt`), if known. */
  statusUpdatedAt: number | null;
  /** When the item itself last changed (archived, restored, status cleared…), if known. */
  updatedAt: number | null;
  archived: boolean;
  /** When the item joined the board (its project item's `createdAt`), if known. */
  addedAt?: number | null;
};

export type { Move, StoredItem, TransitionSource } from '../move-log/moves.ts';
