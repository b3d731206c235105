import type {
  GithubIssueRelations,
  GithubItemContent,
  GithubProject,
  GithubProjectItem,
  GithubRelatedIssue,
} from './types.ts';

/** Raw GraphQL shapes, as the queries in queries.ts ask for them. */
export type Page<T> = { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: (T | null)[] };
export type RawProject = {
  id: string;
  number: number;
  title: string;
  url: string;
  closed: boolean;
  updatedAt: string;
  owner: { __typename: 'User' | 'Organization'; login: string };
};
type RawContent = {
  __typename: 'Issue' | 'PullRequest' | 'DraftIssue';
  id: string;
  title: string;
  createdAt: string;
  number?: number;
  url?: string;
  issueState?: 'OPEN' | 'CLOSED';
  prState?: 'OPEN' | 'CLOSED' | 'MERGED';
  closedAt?: string | null;
  milestone?: { title: string } | null;
  labels?: { nodes: ({ name: string } | null)[] } | null;
  assignees?: { nodes: ({ login: string } | null)[] } | null;
  parent?: RawRelatedIssue | null;
  subIssuesSummary?: { total: number; completed: number } | null;
  /** Absent where the host lacks it (not asked). */
  issueType?: { name: string } | null;
  issueDependenciesSummary?: { totalBlockedBy: number } | null;
};
export type RawRelatedIssue = {
  id: string;
  number: number;
  title: string;
  url: string;
  closed: boolean;
  closedAt?: string | null;
  repository: { nameWithOwner: string };
};
export type RawItem = {
  id: string;
  type: GithubProjectItem['type'];
  isArchived: boolean;
  createdAt: string;
  updatedAt: string;
  content: RawContent | null;
  status: { name?: string; optionId?: string; updatedAt?: string } | null;
  /** Absent from answers to documents that do not ask (then unknown, read as null). */
  iteration?: { iterationId?: string } | null;
  estimate?: { number?: number | null } | null;
  blocked?: { name?: string; optionId?: string; updatedAt?: string } | null;
  breakdown?: { name?: string; optionId?: string; updatedAt?: string } | null;
};
export type RawTimelineEvent = {
  __typename: string;
  createdAt: string;
  previousStatus?: string;
  status?: string;
  /** Projects (v2) events only. */
  project?: { id: string } | null;
  /** LabeledEvent and UnlabeledEvent only. */
  label?: { name: string } | null;
  /** A linked pull request: ConnectedEvent `subject`, CrossReferencedEvent `source`, ClosedEvent `closer`. */
  subject?: RawLinked | null;
  source?: RawLinked | null;
  closer?: RawLinked | null;
  willCloseTarget?: boolean;
};

/** The other side of a link: a pull request's opening and merge (an issue or a commit has neither here). */
export type RawLinked = { __typename: string; id?: string; createdAt?: string; mergedAt?: string | null };

export function toProject(raw: RawProject): GithubProject {
  return {
    id: raw.id,
    number: raw.number,
    title: raw.title,
    url: raw.url,
    closed: raw.closed,
    updatedAt: raw.updatedAt,
    owner: { login: raw.owner.login, type: raw.owner.__typename },
  };
}

function toContent(raw: RawContent | null): GithubItemContent | null {
  if (!raw?.__typename) return null;
  return {
    id: raw.id,
    type: raw.__typename,
    number: raw.number ?? null,
    title: raw.title,
    url: raw.url ?? null,
    state: raw.issueState ?? raw.prState ?? null,
    milestone: raw.milestone?.title ?? null,
    labels: (raw.labels?.nodes ?? []).flatMap((l) => (l ? [l.name] : [])),
    // Absent when the query did not ask (an incremental listing): unknown, not "nobody".
    ...(raw.assignees ? { assignees: raw.assignees.nodes.flatMap((a) => (a ? [a.login] : [])) } : {}),
    createdAt: raw.createdAt,
    closedAt: raw.closedAt ?? null,
    ...(raw.__typename === 'Issue' ? { relations: toRelations(raw) } : {}),
  };
}

export function toRelatedIssue(raw: RawRelatedIssue): GithubRelatedIssue {
  return {
    contentId: raw.id,
    number: raw.number,
    repository: raw.repository.nameWithOwner,
    title: raw.title,
    url: raw.url,
    closed: raw.closed,
    ...(raw.closedAt !== undefined ? { closedAt: raw.closedAt } : {}),
  };
}

/**
 * The issue's relations as read; an issue with no blocker (its summary says none) has none without the
 * second question (client.ts reads the blockers of the others).
 */
function toRelations(raw: RawContent): GithubIssueRelations {
  const subIssues = raw.subIssuesSummary?.total ? raw.subIssuesSummary : null;
  return {
    parent: raw.parent ? toRelatedIssue(raw.parent) : null,
    subIssues: subIssues && { total: subIssues.total, completed: subIssues.completed },
    ...(raw.issueType !== undefined ? { issueType: raw.issueType?.name ?? null } : {}),
    ...(raw.issueDependenciesSummary?.totalBlockedBy === 0 ? { blockedBy: [] } : {}),
  };
}

/** Whether the listing found the issue blocked by some issue: its blockers are still to read (client.ts). */
export function hasBlockers(raw: RawItem): boolean {
  return (raw.content?.issueDependenciesSummary?.totalBlockedBy ?? 0) > 0;
}
export function toItem(raw: RawItem): GithubProjectItem {
  return {
    id: raw.id,
    type: raw.type,
    isArchived: raw.isArchived,
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt,
    content: toContent(raw.content),
    status: raw.status?.name ?? null,
    statusOptionId: raw.status?.optionId ?? null,
    statusUpdatedAt: raw.status?.updatedAt ?? null,
    iterationId: raw.iteration?.iterationId ?? null,
    estimate: raw.estimate?.number ?? null,
    blockedField: singleSelectValue(raw.blocked),
    breakdownField: singleSelectValue(raw.breakdown),
  };
}

/** A single-select value as a listing reads it (null: unset, or not asked). */
function singleSelectValue(raw: RawItem['blocked']): GithubProjectItem['blockedField'] {
  return raw?.name
    ? { value: raw.name, optionId: raw.optionId ?? null, updatedAt: raw.updatedAt ?? null }
    : null;
}

export function present<T>(nodes: (T | null)[]): T[] {
  return nodes.filter((n): n is T => n !== null);
}
