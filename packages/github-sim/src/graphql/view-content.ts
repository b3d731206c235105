import { canSeeContent, canSeeProject } from '../model/access.ts';
import { blockingOf, dependenciesSummary, issueTypeOf, subIssuesSummary } from '../model/hierarchy.ts';
import { nodeId } from '../model/ids.ts';
import type { SimContent, SimTimelineEvent } from '../model/types.ts';
import { paginate } from './connection.ts';
import { type GqlContext, iso, type PageArgs, type View } from './context.ts';
import { actorView } from './view-accounts.ts';
import { projectView } from './view-project.ts';

const EVENT_TYPE: Record<SimTimelineEvent['kind'], string> = {
  AddedToProjectV2Event: 'ADDED_TO_PROJECT_V2_EVENT',
  ProjectV2ItemStatusChangedEvent: 'PROJECT_V2_ITEM_STATUS_CHANGED_EVENT',
  RemovedFromProjectV2Event: 'REMOVED_FROM_PROJECT_V2_EVENT',
  LabeledEvent: 'LABELED_EVENT',
  UnlabeledEvent: 'UNLABELED_EVENT',
  AssignedEvent: 'ASSIGNED_EVENT',
  ClosedEvent: 'CLOSED_EVENT',
  ReopenedEvent: 'REOPENED_EVENT',
  ConnectedEvent: 'CONNECTED_EVENT',
  CrossReferencedEvent: 'CROSS_REFERENCED_EVENT',
};

/** The events every schema has; the others are Projects (v2) ones, which the published schema lacks. */
const PUBLISHED_EVENTS = new Set<SimTimelineEvent['kind']>([
  'LabeledEvent',
  'UnlabeledEvent',
  'AssignedEvent',
  'ClosedEvent',
  'ReopenedEvent',
  'ConnectedEvent',
  'CrossReferencedEvent',
]);

function labelView(content: SimContent, name: string): View {
  return {
    __typename: 'Label',
    id: nodeId('Label', `${content.repo}/${name}`),
    name,
    color: content.labels.find((l) => l.name === name)?.color ?? 'ededed',
    description: null,
    url: `https://github.com/${content.repo}/labels/${encodeURIComponent(name)}`,
  };
}

function repositoryView(repo: string, ctx: GqlContext): View {
  const [owner = '', name = ''] = repo.split('/');
  const account = ctx.world.account(owner);
  return {
    __typename: 'Repository',
    id: nodeId('Repository', repo),
    name,
    nameWithOwner: repo,
    url: `https://github.com/${repo}`,
    isPrivate: false,
    owner: account ? actorView(account) : null,
  };
}

function eventView(event: SimTimelineEvent, content: SimContent, ctx: GqlContext): View {
  const project = ctx.world.projects.get(event.projectId);
  const visible = project && canSeeProject(ctx.world, ctx.principal, project);
  return {
    __typename: event.kind,
    id: event.nodeId,
    databaseId: event.databaseId,
    createdAt: iso(event.createdAt),
    actor: actorView(ctx.world.account(event.actor)),
    wasAutomated: false,
    project: visible ? projectView(project) : null,
    previousStatus: event.previousStatus,
    status: event.status,
    label: event.label === undefined ? null : labelView(content, event.label),
    assignee: event.assignee === undefined ? null : actorView(ctx.world.account(event.assignee)),
    labelable: () => contentView(content),
    ...pullRequestParts(event, content, ctx),
  };
}

/**
 * A linked pull request's side of an event, as GitHub's schema has it: ConnectedEvent `source` (the issue
 * or pull request that made the link) and `subject` (the one connected); CrossReferencedEvent `source`
 * (the pull request that mentions the issue), `target` (the issue) and `willCloseTarget`; ClosedEvent
 * `closer` (the merged pull request). The simulator links pull requests of the issue's own repository:
 * whoever reads the issue reads them.
 */
function pullRequestParts(
  event: SimTimelineEvent,
  content: SimContent,
  ctx: GqlContext,
): Record<string, unknown> {
  const pr = event.pullRequestId ? ctx.world.contents.get(event.pullRequestId) : undefined;
  const seen = pr ? contentView(pr) : null;
  const path = `${content.repo}/issues/${content.number}`;
  if (event.kind === 'ClosedEvent')
    return {
      closer: seen,
      closable: contentView(content),
      stateReason: 'COMPLETED',
      url: `https://github.com/${path}`,
      resourcePath: `/${path}`,
    };
  if (event.kind === 'ConnectedEvent')
    return { source: contentView(content), subject: seen, isCrossRepository: false };
  if (event.kind === 'CrossReferencedEvent')
    return {
      source: seen,
      target: contentView(content),
      willCloseTarget: event.willCloseTarget ?? false,
      isCrossRepository: false,
      referencedAt: iso(event.createdAt),
      url: `https://github.com/${path}#ref-${event.databaseId}`,
      resourcePath: `/${path}#ref-${event.databaseId}`,
    };
  return {};
}

type TimelineArgs = PageArgs & { itemTypes?: string[] | null; since?: string | null };

function timeline(content: SimContent) {
  return (args: TimelineArgs, ctx: GqlContext) => {
    const since = args.since ? Date.parse(args.since) : Number.NEGATIVE_INFINITY;
    const published = ctx.world.schema === 'published';
    const recorded = (ctx.world.timeline.get(content.nodeId) ?? []).filter(
      (e) => !e.lost && (!published || PUBLISHED_EVENTS.has(e.kind)),
    );
    const events = recorded.filter(
      (e) => e.createdAt >= since && (!args.itemTypes || args.itemTypes.includes(EVENT_TYPE[e.kind])),
    );
    const page = paginate(
      events,
      args,
      (_e, i) => i + 1,
      (e) => eventView(e, content, ctx),
    );
    return {
      ...page,
      filteredCount: events.length,
      pageCount: page.nodes.length,
      updatedAt: iso(content.updatedAt),
    };
  };
}

/** Issue, PullRequest or DraftIssue content of a board item. */
export function contentView(content: SimContent): View {
  const common = {
    id: content.nodeId,
    title: content.title,
    createdAt: iso(content.createdAt),
    updatedAt: iso(content.updatedAt),
  };
  if (content.kind === 'DraftIssue') return { __typename: 'DraftIssue', ...common };
  const path = `${content.repo}/${content.kind === 'Issue' ? 'issues' : 'pull'}/${content.number}`;
  const milestone = content.milestone;
  return {
    __typename: content.kind,
    ...common,
    databaseId: content.databaseId,
    number: content.number,
    state: content.state,
    closed: content.state !== 'OPEN',
    closedAt: iso(content.closedAt),
    ...(content.kind === 'PullRequest'
      ? { merged: content.state === 'MERGED', mergedAt: iso(content.mergedAt ?? null) }
      : {}),
    url: `https://github.com/${path}`,
    resourcePath: `/${path}`,
    milestone: milestone && {
      __typename: 'Milestone',
      id: milestone.nodeId,
      number: milestone.number,
      title: milestone.title,
      state: 'OPEN',
      dueOn: iso(milestone.dueOn),
      url: `https://github.com/${content.repo}/milestone/${milestone.number}`,
    },
    labels: (args: PageArgs) =>
      paginate(
        content.labels,
        args,
        (_l, i) => i + 1,
        (l) => ({
          __typename: 'Label',
          id: l.nodeId,
          name: l.name,
          color: l.color,
          description: null,
          url: `https://github.com/${content.repo}/labels/${encodeURIComponent(l.name)}`,
        }),
      ),
    assignees: (args: PageArgs) =>
      paginate(
        content.assignees,
        args,
        (_a, i) => i + 1,
        (login) => ({
          __typename: 'User',
          id: `U_${login}`,
          login,
          url: `https://github.com/${login}`,
          resourcePath: `/${login}`,
        }),
      ),
    repository: (_: unknown, ctx: GqlContext) => repositoryView(content.repo, ctx),
    timelineItems: timeline(content),
    ...(content.kind === 'Issue' ? issueRelations(content) : {}),
  };
}

/** Issues the reader may see among these content ids, as Issue objects. */
function visibleIssues(ids: readonly string[], ctx: GqlContext): SimContent[] {
  return ids.flatMap((id) => {
    const c = ctx.world.contents.get(id);
    return c && canSeeContent(ctx.world, ctx.principal, c) ? [c] : [];
  });
}

const issuePage = (list: SimContent[], args: PageArgs) =>
  paginate(
    list,
    args,
    (_c, i) => i + 1,
    (c) => contentView(c),
  );

/** Parent, sub-issues, type and dependencies of an issue (model/hierarchy.ts), as GitHub's Issue has them. */
function issueRelations(content: SimContent): Record<string, unknown> {
  return {
    parent: (_: unknown, ctx: GqlContext) => {
      const [parent] = visibleIssues(content.parentId ? [content.parentId] : [], ctx);
      return parent ? contentView(parent) : null;
    },
    subIssues: (args: PageArgs, ctx: GqlContext) =>
      issuePage(visibleIssues(content.subIssueIds ?? [], ctx), args),
    subIssuesSummary: (_: unknown, ctx: GqlContext) => subIssuesSummary(ctx.world, content),
    issueType: (_: unknown, ctx: GqlContext) => {
      const type = issueTypeOf(ctx.world, content);
      return (
        type && {
          __typename: 'IssueType',
          id: type.nodeId,
          name: type.name,
          description: type.description,
          color: (type.color ?? 'gray').toUpperCase(),
          isEnabled: type.isEnabled,
        }
      );
    },
    blockedBy: (args: PageArgs, ctx: GqlContext) =>
      issuePage(
        visibleIssues(
          (content.blockedBy ?? []).map((d) => d.contentId),
          ctx,
        ),
        args,
      ),
    blocking: (args: PageArgs, ctx: GqlContext) =>
      issuePage(
        blockingOf(ctx.world, content).filter((c) => canSeeContent(ctx.world, ctx.principal, c)),
        args,
      ),
    issueDependenciesSummary: (_: unknown, ctx: GqlContext) => dependenciesSummary(ctx.world, content),
  };
}
