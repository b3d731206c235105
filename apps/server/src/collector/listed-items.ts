import type { UnreadableReason } from '@fluxion/contract';
import type { Board } from '../db/schema.ts';
import type { BoardReader } from '../github/board-reader.ts';
import type { GithubProjectItem } from '../github/types.ts';
import type { ObservedItem } from './observation.ts';

export function toObserved(item: GithubProjectItem): ObservedItem | null {
  if (item.type === 'REDACTED' || !item.content) return null;
  return {
    itemId: item.id,
    number: item.content.number,
    title: item.content.title,
    url: item.content.url,
    contentType: item.content.type,
    milestone: item.content.milestone,
    labels: item.content.labels,
    ...(item.content.assignees ? { assignees: item.content.assignees } : {}),
    ...(item.content.type === 'DraftIssue' ? {} : { contentId: item.content.id }),
    ...(item.content.relations ? { relations: item.content.relations } : {}),
    column: item.status,
    statusUpdatedAt: item.statusUpdatedAt ? Date.parse(item.statusUpdatedAt) : null,
    updatedAt: item.updatedAt ? Date.parse(item.updatedAt) : null,
    archived: item.isArchived,
    addedAt: item.createdAt ? Date.parse(item.createdAt) : null,
  };
}

/** Why the reader gets some of the board's items as REDACTED: what fixes it depends on who reads. */
export function unreadableReason(board: Board, reader: BoardReader): UnreadableReason {
  if (reader.readsAs === 'installation') return 'repositories_not_selected';
  return board.owner_type === 'Organization' ? 'no_installation' : 'user_owned';
}
