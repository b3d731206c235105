import type { GithubItemContent, GithubProject, GithubProjectItem } from './types.ts';

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
};

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
  };
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
    blockedField: raw.blocked?.name
      ? {
          value: raw.blocked.name,
          optionId: raw.blocked.optionId ?? null,
          updatedAt: raw.blocked.updatedAt ?? null,
        }
      : null,
  };
}

export function present<T>(nodes: (T | null)[]): T[] {
  return nodes.filter((n): n is T => n !== null);
}
