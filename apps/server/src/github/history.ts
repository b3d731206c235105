import type { Page, RawLinked, RawTimelineEvent } from './mappers.ts';
import { present } from './mappers.ts';
import { CONTENT_TIMELINE, PROJECT_TIMELINES } from './queries.ts';
import type { GithubItemHistory } from './types.ts';

/** The client's pager: a paginated query's answers, page after page (the query takes `$cursor`). */
type EachPage = <D>(query: string, variables: Record<string, unknown>) => AsyncIterable<D>;
type Timeline = Page<RawTimelineEvent>;
type TimelineOwner = { id?: string; timelineItems?: Timeline } | null;

/** A timeline's label events: an addition (true) or a removal (false). */
const LABEL_EVENTS: Record<string, boolean> = { LabeledEvent: true, UnlabeledEvent: false };

/** When each event of a type happened. */
function stamps(events: RawTimelineEvent[], type: string): string[] {
  return events.filter((e) => e.__typename === type).map((e) => e.createdAt);
}

/** The pull request an event links, and whether it closes the issue. */
function linkOf(e: RawTimelineEvent): { pr: RawLinked; closes: boolean } | null {
  const pr =
    e.__typename === 'ConnectedEvent'
      ? e.subject
      : e.__typename === 'CrossReferencedEvent'
        ? e.source
        : e.closer;
  if (pr?.__typename !== 'PullRequest' || !pr.createdAt || !pr.id) return null;
  return { pr, closes: e.__typename !== 'CrossReferencedEvent' || e.willCloseTarget === true };
}

/** The linked pull requests, each once (GitHub names one in several events: linked, then closer). */
function linkedPullRequests(events: RawTimelineEvent[]): NonNullable<GithubItemHistory['pullRequests']> {
  const byId = new Map<string, { openedAt: string; mergedAt: string | null; closes: boolean }>();
  for (const link of events.map(linkOf)) {
    if (!link) continue;
    const known = byId.get(link.pr.id as string);
    byId.set(link.pr.id as string, {
      openedAt: link.pr.createdAt as string,
      mergedAt: link.pr.mergedAt ?? known?.mergedAt ?? null,
      closes: link.closes || (known?.closes ?? false),
    });
  }
  return [...byId.values()];
}

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
    assigned: stamps(events, 'AssignedEvent'),
    closed: stamps(events, 'ClosedEvent'),
    reopened: stamps(events, 'ReopenedEvent'),
    pullRequests: linkedPullRequests(events),
    labels: events.flatMap((e) => {
      const addition = LABEL_EVENTS[e.__typename];
      return addition === undefined || !e.label?.name
        ? []
        : [{ at: e.createdAt, label: e.label.name, added: addition }];
    }),
  };
}

/** The rest of one issue's timeline, from a cursor on. */
async function restOfTimeline(
  eachPage: EachPage,
  contentId: string,
  cursor: string | null,
): Promise<RawTimelineEvent[]> {
  const events: RawTimelineEvent[] = [];
  for await (const data of eachPage<{ node: TimelineOwner }>(CONTENT_TIMELINE, { id: contentId, cursor }))
    events.push(...present(data.node?.timelineItems?.nodes ?? []));
  return events;
}

export async function contentHistory(
  eachPage: EachPage,
  projectId: string,
  contentId: string,
): Promise<GithubItemHistory> {
  return toHistory(null, contentId, projectId, await restOfTimeline(eachPage, contentId, null));
}

type ItemsPage = { node: { items?: Page<{ id: string; content: TimelineOwner }> } | null };

/**
 * Past Status changes and label events of every issue on a board, from the issues' timelines (50 items a
 * page). GitHub may omit some of these events, so this is a best-effort backfill, never the only source
 * of truth.
 */
export async function projectHistory(eachPage: EachPage, projectId: string): Promise<GithubItemHistory[]> {
  const histories: GithubItemHistory[] = [];
  for await (const data of eachPage<ItemsPage>(PROJECT_TIMELINES, { id: projectId, timelineAfter: null })) {
    for (const item of present(data.node?.items?.nodes ?? [])) {
      const timeline = item.content?.timelineItems;
      const contentId = item.content?.id;
      if (!timeline || !contentId) continue;
      const events = present(timeline.nodes);
      if (timeline.pageInfo.hasNextPage)
        events.push(...(await restOfTimeline(eachPage, contentId, timeline.pageInfo.endCursor)));
      histories.push(toHistory(item.id, contentId, projectId, events));
    }
  }
  return histories;
}
