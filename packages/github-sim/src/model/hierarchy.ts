import { nodeId } from './ids.ts';
import type { SimContent, SimIssueType, SimOrg } from './types.ts';
import type { World } from './world.ts';

/**
 * Sub-issues, issue types and issue dependencies, with GitHub's rules (docs.github.com: "Adding
 * sub-issues", "Managing issue types in an organization", "Creating issue dependencies"):
 * - a parent has at most 100 sub-issues, and sub-issues nest at most 8 levels below their top issue;
 *   an issue has one parent (another one replaces it only when asked), never itself or a descendant;
 * - an organization has at most 25 issue types, GitHub's three (Task, Bug, Feature) until it changes
 *   them; an issue's type is one of its repository owner's enabled types;
 * - an issue is blocked by, and blocks, at most 50 issues each; never itself, never the same one twice.
 * Only issues take part (not pull requests or drafts). Each rule broken is an error GitHub answers 422.
 */

export const MAX_SUB_ISSUES = 100;
export const MAX_SUB_ISSUE_LEVELS = 8;
export const MAX_ISSUE_TYPES = 25;
export const MAX_DEPENDENCIES = 50;

/** What changed, for the `sub_issues` and `issue_dependencies` webhooks. */
export type RelationEvent =
  | {
      event: 'sub_issues';
      action: 'sub_issue_added' | 'sub_issue_removed' | 'parent_issue_added' | 'parent_issue_removed';
      parentId: string;
      subId: string;
      actor: string;
      at: number;
    }
  | {
      event: 'issue_dependencies';
      action: 'blocked_by_added' | 'blocked_by_removed' | 'blocking_added' | 'blocking_removed';
      blockedId: string;
      blockingId: string;
      actor: string;
      at: number;
    };

export class RelationError extends Error {
  readonly statusCode = 422;
}

function issue(world: World, contentId: string, role: string): SimContent {
  const content = world.contents.get(contentId);
  if (!content) throw new RelationError(`Could not resolve to an issue with the id of '${contentId}'.`);
  if (content.kind !== 'Issue')
    throw new RelationError(`The ${role} must be an issue, not a ${content.kind}.`);
  return content;
}

const DEFAULT_TYPES: { name: string; description: string; color: SimIssueType['color'] }[] = [
  { name: 'Task', description: 'A specific piece of work', color: 'yellow' },
  { name: 'Bug', description: 'An unexpected problem or behavior', color: 'red' },
  { name: 'Feature', description: 'A request, idea, or new functionality', color: 'blue' },
];

function newType(world: World, input: Omit<SimIssueType, 'id' | 'nodeId' | 'createdAt' | 'updatedAt'>) {
  const id = world.newDatabaseId();
  const at = world.now();
  return { id, nodeId: nodeId('IssueType', id), ...input, createdAt: at, updatedAt: at };
}

/** The organization's issue types (GitHub's three until it changes them). */
export function issueTypesOf(world: World, org: SimOrg): SimIssueType[] {
  org.issueTypes ??= DEFAULT_TYPES.map((t) => newType(world, { ...t, isEnabled: true }));
  return org.issueTypes;
}

export function createIssueType(
  world: World,
  org: SimOrg,
  input: { name: string; description?: string | null; color?: SimIssueType['color']; isEnabled?: boolean },
): SimIssueType {
  const types = issueTypesOf(world, org);
  if (!input.name?.trim()) throw new RelationError('Name can not be blank.');
  if (types.some((t) => t.name.toLowerCase() === input.name.toLowerCase()))
    throw new RelationError('Name has already been taken.');
  if (types.length >= MAX_ISSUE_TYPES)
    throw new RelationError(`An organization can have at most ${MAX_ISSUE_TYPES} issue types.`);
  const type = newType(world, {
    name: input.name,
    description: input.description ?? null,
    color: input.color ?? null,
    isEnabled: input.isEnabled ?? true,
  });
  types.push(type);
  return type;
}

/** The issue type of an issue, if its repository's owner (an organization) still has it. */
export function issueTypeOf(world: World, content: SimContent): SimIssueType | null {
  if (!content.issueTypeId) return null;
  const org = world.orgs.get(content.repo.split('/')[0] ?? '');
  return (org && issueTypesOf(world, org).find((t) => t.nodeId === content.issueTypeId)) ?? null;
}

/** Sets an issue's type by name (null: none). Only an organization's repositories have types. */
export function setIssueType(world: World, contentId: string, name: string | null): SimContent {
  const content = issue(world, contentId, 'issue');
  if (name === null) content.issueTypeId = null;
  else {
    const org = world.orgs.get(content.repo.split('/')[0] ?? '');
    const type =
      org && issueTypesOf(world, org).find((t) => t.isEnabled && t.name.toLowerCase() === name.toLowerCase());
    if (!type) throw new RelationError(`Issue type '${name}' does not exist for this repository's owner.`);
    content.issueTypeId = type.nodeId;
  }
  content.updatedAt = world.now();
  return content;
}

/** How deep an issue sits below its top issue (0: it has no parent). */
function level(world: World, content: SimContent): number {
  let depth = 0;
  for (let at = content.parentId; at; at = world.contents.get(at)?.parentId) depth += 1;
  return depth;
}

/** How many levels of sub-issues hang below an issue (0: none). */
function height(world: World, content: SimContent): number {
  let most = 0;
  for (const id of content.subIssueIds ?? []) {
    const child = world.contents.get(id);
    if (child) most = Math.max(most, 1 + height(world, child));
  }
  return most;
}

function isAncestor(world: World, ancestorId: string, of: SimContent): boolean {
  for (let at = of.parentId; at; at = world.contents.get(at)?.parentId) if (at === ancestorId) return true;
  return false;
}

function touch(at: number, ...contents: SimContent[]): void {
  for (const c of contents) c.updatedAt = Math.max(c.updatedAt, at);
}

/** Adds `subId` under `parentId` ("Add sub-issue"); `replaceParent` moves it from a parent it has. */
export function addSubIssue(
  world: World,
  input: { parentId: string; subId: string; replaceParent?: boolean; actor?: string },
): SimContent {
  const parent = issue(world, input.parentId, 'parent');
  const sub = issue(world, input.subId, 'sub-issue');
  if (parent === sub) throw new RelationError('An issue cannot be a sub-issue of itself.');
  if (sub.parentId === parent.nodeId) throw new RelationError('Issue may not contain duplicate sub-issues.');
  if (sub.parentId && !input.replaceParent) throw new RelationError('Issue already has a parent issue.');
  if (isAncestor(world, sub.nodeId, parent))
    throw new RelationError('An issue cannot be a sub-issue of its own sub-issue.');
  if ((parent.subIssueIds?.length ?? 0) >= MAX_SUB_ISSUES)
    throw new RelationError(`Parent cannot have more than ${MAX_SUB_ISSUES} sub-issues.`);
  if (level(world, parent) + 1 + height(world, sub) > MAX_SUB_ISSUE_LEVELS)
    throw new RelationError(`Sub-issues cannot be nested more than ${MAX_SUB_ISSUE_LEVELS} levels deep.`);
  const at = world.now();
  const actor = input.actor ?? parent.repo.split('/')[0] ?? '';
  if (sub.parentId) removeSubIssue(world, { parentId: sub.parentId, subId: sub.nodeId, actor });
  parent.subIssueIds = [...(parent.subIssueIds ?? []), sub.nodeId];
  sub.parentId = parent.nodeId;
  touch(at, parent, sub);
  const ids = { parentId: parent.nodeId, subId: sub.nodeId, actor, at };
  world.emitRelation({ event: 'sub_issues', action: 'sub_issue_added', ...ids });
  world.emitRelation({ event: 'sub_issues', action: 'parent_issue_added', ...ids });
  return parent;
}

export function removeSubIssue(world: World, input: { parentId: string; subId: string; actor?: string }) {
  const parent = issue(world, input.parentId, 'parent');
  const sub = issue(world, input.subId, 'sub-issue');
  if (sub.parentId !== parent.nodeId) throw new RelationError('The issue is not a sub-issue of this issue.');
  const at = world.now();
  parent.subIssueIds = (parent.subIssueIds ?? []).filter((id) => id !== sub.nodeId);
  sub.parentId = null;
  touch(at, parent, sub);
  const ids = { parentId: parent.nodeId, subId: sub.nodeId, actor: input.actor ?? '', at };
  world.emitRelation({ event: 'sub_issues', action: 'sub_issue_removed', ...ids });
  world.emitRelation({ event: 'sub_issues', action: 'parent_issue_removed', ...ids });
  return parent;
}

/** The issues an issue blocks (the other side of their "blocked by"). */
export function blockingOf(world: World, content: SimContent): SimContent[] {
  return [...world.contents.values()].filter((c) => c.blockedBy?.some((d) => d.contentId === content.nodeId));
}

/** Marks `blockedId` as blocked by `blockingId` ("Add a dependency an issue is blocked by"). */
export function addBlockedBy(
  world: World,
  input: { blockedId: string; blockingId: string; actor?: string },
): SimContent {
  const blocked = issue(world, input.blockedId, 'blocked issue');
  const blocking = issue(world, input.blockingId, 'blocking issue');
  if (blocked === blocking) throw new RelationError('An issue cannot be blocked by itself.');
  if (blocked.blockedBy?.some((d) => d.contentId === blocking.nodeId))
    throw new RelationError('The dependency already exists.');
  if ((blocked.blockedBy?.length ?? 0) >= MAX_DEPENDENCIES)
    throw new RelationError(`An issue can be blocked by at most ${MAX_DEPENDENCIES} issues.`);
  if (blockingOf(world, blocking).length >= MAX_DEPENDENCIES)
    throw new RelationError(`An issue can block at most ${MAX_DEPENDENCIES} issues.`);
  const at = world.now();
  blocked.blockedBy = [...(blocked.blockedBy ?? []), { contentId: blocking.nodeId, addedAt: at }];
  touch(at, blocked, blocking);
  const ids = { blockedId: blocked.nodeId, blockingId: blocking.nodeId, actor: input.actor ?? '', at };
  world.emitRelation({ event: 'issue_dependencies', action: 'blocked_by_added', ...ids });
  world.emitRelation({ event: 'issue_dependencies', action: 'blocking_added', ...ids });
  return blocked;
}

export function removeBlockedBy(
  world: World,
  input: { blockedId: string; blockingId: string; actor?: string },
): SimContent {
  const blocked = issue(world, input.blockedId, 'blocked issue');
  const blocking = issue(world, input.blockingId, 'blocking issue');
  if (!blocked.blockedBy?.some((d) => d.contentId === blocking.nodeId))
    throw new RelationError('The dependency does not exist.');
  const at = world.now();
  blocked.blockedBy = blocked.blockedBy.filter((d) => d.contentId !== blocking.nodeId);
  touch(at, blocked, blocking);
  const ids = { blockedId: blocked.nodeId, blockingId: blocking.nodeId, actor: input.actor ?? '', at };
  world.emitRelation({ event: 'issue_dependencies', action: 'blocked_by_removed', ...ids });
  world.emitRelation({ event: 'issue_dependencies', action: 'blocking_removed', ...ids });
  return blocked;
}

const open = (c: SimContent | undefined) => c?.state === 'OPEN';

/** GitHub's `subIssuesSummary`: sub-issues, those closed, and the share closed (whole percent). */
export function subIssuesSummary(world: World, content: SimContent) {
  const subs = (content.subIssueIds ?? []).map((id) => world.contents.get(id));
  const total = subs.length;
  const completed = subs.filter((c) => c && !open(c)).length;
  return { total, completed, percentCompleted: total ? Math.floor((completed * 100) / total) : 0 };
}

/** GitHub's `issueDependenciesSummary`: open blockers (and all), open issues it blocks (and all). */
export function dependenciesSummary(world: World, content: SimContent) {
  const blockers = (content.blockedBy ?? []).map((d) => world.contents.get(d.contentId));
  const blocks = blockingOf(world, content);
  return {
    blockedBy: blockers.filter(open).length,
    totalBlockedBy: blockers.length,
    blocking: blocks.filter(open).length,
    totalBlocking: blocks.length,
  };
}
