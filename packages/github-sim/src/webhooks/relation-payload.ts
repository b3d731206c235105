import { fullRepositoryJson } from '../http/repo-routes.ts';
import {
  dependenciesSummary,
  issueTypeOf,
  type RelationEvent,
  subIssuesSummary,
} from '../model/hierarchy.ts';
import type { SimContent } from '../model/types.ts';
import type { World } from '../model/world.ts';
import { accountJson, iso, organizationJson } from './payload.ts';

const API = 'https://api.github.com';

/** GitHub's issue object as webhooks carry it, with its type, sub-issue and dependency summaries. */
export function issueJson(world: World, content: SimContent): Record<string, unknown> {
  const base = `${API}/repos/${content.repo}/issues/${content.number}`;
  const type = issueTypeOf(world, content);
  const subs = subIssuesSummary(world, content);
  const deps = dependenciesSummary(world, content);
  const parent = content.parentId ? world.contents.get(content.parentId) : undefined;
  const [owner = ''] = content.repo.split('/');
  return {
    id: content.databaseId,
    node_id: content.nodeId,
    url: base,
    repository_url: `${API}/repos/${content.repo}`,
    labels_url: `${base}/labels{/name}`,
    comments_url: `${base}/comments`,
    events_url: `${base}/events`,
    html_url: `https://github.com/${content.repo}/issues/${content.number}`,
    number: content.number,
    state: content.state === 'OPEN' ? 'open' : 'closed',
    state_reason: content.state === 'OPEN' ? null : 'completed',
    title: content.title,
    body: null,
    user: accountJson(world.account(owner)),
    labels: content.labels.map((l) => ({
      id: Number.parseInt(l.nodeId.slice(-6).replace(/\W/g, '0'), 36) || 1,
      node_id: l.nodeId,
      url: `${API}/repos/${content.repo}/labels/${encodeURIComponent(l.name)}`,
      name: l.name,
      description: null,
      color: l.color,
      default: false,
    })),
    assignee: null,
    assignees: [],
    milestone: null,
    locked: false,
    active_lock_reason: null,
    comments: 0,
    closed_at: iso(content.closedAt),
    created_at: iso(content.createdAt),
    updated_at: iso(content.updatedAt),
    author_association: 'MEMBER',
    type: type && {
      id: type.id,
      node_id: type.nodeId,
      name: type.name,
      description: type.description,
      color: type.color,
      created_at: iso(type.createdAt),
      updated_at: iso(type.updatedAt),
      is_enabled: type.isEnabled,
    },
    sub_issues_summary: {
      total: subs.total,
      completed: subs.completed,
      percent_completed: subs.percentCompleted,
    },
    ...(parent ? { parent_issue_url: `${API}/repos/${parent.repo}/issues/${parent.number}` } : {}),
    issue_dependencies_summary: {
      blocked_by: deps.blockedBy,
      blocking: deps.blocking,
      total_blocked_by: deps.totalBlockedBy,
      total_blocking: deps.totalBlocking,
    },
  };
}

/**
 * A `sub_issues` or `issue_dependencies` payload as GitHub sends it: both issues, the other side's
 * repository, the repository of the issue the event is about, its organization. Null where an issue is
 * gone or its owner is not an organization (GitHub sends these to organization and App webhooks).
 */
export function relationPayload(world: World, event: RelationEvent): Record<string, unknown> | null {
  const [aId, bId] =
    event.event === 'sub_issues' ? [event.parentId, event.subId] : [event.blockedId, event.blockingId];
  const a = world.contents.get(aId);
  const b = world.contents.get(bId);
  if (!a || !b) return null;
  const subject = event.action.startsWith('sub_issue') || event.action.startsWith('blocked_by') ? a : b;
  const org = world.orgs.get(subject.repo.split('/')[0] ?? '');
  if (!org) return null;
  const common = {
    repository: fullRepositoryJson(world, subject.repo),
    organization: organizationJson(org),
    sender: accountJson(world.account(event.actor) ?? world.account(org.login)),
  };
  if (event.event === 'sub_issues') {
    const [parent, sub] = [a, b];
    const side = event.action.startsWith('sub_issue')
      ? { sub_issue_repo: fullRepositoryJson(world, sub.repo) }
      : { parent_issue_repo: fullRepositoryJson(world, parent.repo) };
    return {
      action: event.action,
      parent_issue_id: parent.databaseId,
      parent_issue: issueJson(world, parent),
      sub_issue_id: sub.databaseId,
      sub_issue: issueJson(world, sub),
      ...side,
      ...common,
    };
  }
  const [blocked, blocking] = [a, b];
  const side = event.action.startsWith('blocked_by')
    ? { blocking_issue_repo: fullRepositoryJson(world, blocking.repo) }
    : { blocked_issue_repo: fullRepositoryJson(world, blocked.repo) };
  return {
    action: event.action,
    blocked_issue_id: blocked.databaseId,
    blocked_issue: issueJson(world, blocked),
    blocking_issue_id: blocking.databaseId,
    blocking_issue: issueJson(world, blocking),
    ...side,
    ...common,
  };
}
