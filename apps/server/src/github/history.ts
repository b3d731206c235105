import type { Page, RawTimelineEvent } from './mappers.ts';
import { present } from './mappers.ts';
import { CONTENT_TIMELINE, PROJECT_TIMELINES } from './queries.ts';
import type { GithubItemHistory } from './types.ts';

type Gql = <T>(query: string, variables: Record<string, unknown>) => Promise<T>;
type Timeline = Page<RawTimelineEvent>;
type TimelineOwner = { id?: string; timelineItems?: Timeline } | null;

function toHistory(
  itemId: string | null,
  contentId: string,
  projectId: string,
  events: RawTimelineEvent[],
): GithubItemHistory {
  const mine = events.filter((e) => e.project?.id === projectId);
  const added = mine.find((e) => e.__typename === 'AddedToProjectV2Event');
  return {
    itemId,
    contentId,
    addedAt: added?.createdAt ?? null,
    changes: mine
      .filter((e) => e.__typename === 'ProjectV2ItemStatusChangedEvent')
      .map((e) => ({ at: e.createdAt, from: e.previousStatus || null, to: e.status || null })),
  };
}

/** The rest of one issue's timeline, from a cursor on. */
async function restOfTimeline(
  gql: Gql,
  contentId: string,
  after: string | null,
): Promise<RawTimelineEvent[]> {
  const events: RawTimelineEvent[] = [];
  let cursor = after;
  for (;;) {
    const data = await gql<{ node: TimelineOwner }>(CONTENT_TIMELINE, {
      id: contentId,
      timelineAfter: cursor,
    });
    const page = data.node?.timelineItems;
    if (!page) return events;
    events.push(...present(page.nodes));
    if (!page.pageInfo.hasNextPage) return events;
    cursor = page.pageInfo.endCursor;
  }
}

export async function contentHistory(
  gql: Gql,
  projectId: string,
  contentId: string,
): Promise<GithubItemHistory> {
  return toHistory(null, contentId, projectId, await restOfTimeline(gql, contentId, null));
}

type ItemsPage = { node: { items?: Page<{ id: string; content: TimelineOwner }> } | null };

/**
 * Past Status changes of every issue on a board, from the issues' timelines (50 items a page). GitHub may
 * omit some of these events, so this is a best-effort backfill, never the only source of truth.
 */
export async function projectHistory(gql: Gql, projectId: string): Promise<GithubItemHistory[]> {
  const histories: GithubItemHistory[] = [];
  let after: string | null = null;
  for (;;) {
    const data: ItemsPage = await gql<ItemsPage>(PROJECT_TIMELINES, {
      id: projectId,
      after,
      timelineAfter: null,
    });
    const items = data.node?.items;
    if (!items) return histories;
    for (const item of present(items.nodes)) {
      const timeline = item.content?.timelineItems;
      const contentId = item.content?.id;
      if (!timeline || !contentId) continue;
      const events = present(timeline.nodes);
      if (timeline.pageInfo.hasNextPage)
        events.push(...(await restOfTimeline(gql, contentId, timeline.pageInfo.endCursor)));
      histories.push(toHistory(item.id, contentId, projectId, events));
    }
    if (!items.pageInfo.hasNextPage) return histories;
    after = items.pageInfo.endCursor;
  }
}
