import { nodeId } from './ids.ts';
import type {
  ContentEventKind,
  ContentKind,
  SimContent,
  SimItem,
  SimLabel,
  SimProject,
  SimTimelineEvent,
  StatusOption,
} from './types.ts';
import type { World } from './world.ts';

export type CreateContentInput = {
  repo: string;
  title: string;
  kind?: ContentKind;
  number?: number;
  labels?: string[];
  assignees?: string[];
  milestone?: string | null;
  createdAt?: number;
  visibleTo?: string[] | null;
  /** A node id fixed by the caller (the demo board's, which Fluxion stores too); else a new one. */
  nodeId?: string;
};

const LABEL_COLORS: Record<string, string> = {
  bug: 'd73a4a',
  enhancement: 'a2eeef',
  documentation: '0075ca',
};

export function createContent(world: World, input: CreateContentInput): SimContent {
  const kind = input.kind ?? 'Issue';
  const databaseId = world.newDatabaseId();
  const at = input.createdAt ?? world.now();
  if (kind !== 'DraftIssue' && input.number !== undefined) world.noteIssueNumber(input.repo, input.number);
  const content: SimContent = {
    kind,
    nodeId: input.nodeId ?? nodeId(kind, databaseId),
    databaseId,
    repo: kind === 'DraftIssue' ? '' : input.repo,
    number: kind === 'DraftIssue' ? 0 : (input.number ?? world.nextIssueNumber(input.repo)),
    title: input.title,
    state: 'OPEN',
    milestone: input.milestone
      ? {
          nodeId: nodeId('Milestone', `${input.repo}/${input.milestone}`),
          number: 1,
          title: input.milestone,
          dueOn: null,
        }
      : null,
    labels: (input.labels ?? []).map((name) => labelOf(input.repo, name)),
    assignees: kind === 'DraftIssue' ? [] : [...(input.assignees ?? [])],
    createdAt: at,
    updatedAt: at,
    closedAt: null,
    visibleTo: input.visibleTo ? new Set(input.visibleTo) : null,
  };
  world.contents.set(content.nodeId, content);
  for (const label of content.labels) recordLabelEvent(world, content, label.name, true, at);
  return content;
}

/**
 * A LabeledEvent or UnlabeledEvent on the issue's timeline, as GitHub writes one for each label put on
 * (at creation too) or taken off. Drafts have no timeline.
 */
function recordLabelEvent(world: World, content: SimContent, label: string, added: boolean, at: number) {
  recordContentEvent(world, content, added ? 'LabeledEvent' : 'UnlabeledEvent', at, { label });
}

/** An event of the issue itself on its timeline (labels, assignments, closing, reopening). */
function recordContentEvent(
  world: World,
  content: SimContent,
  kind: ContentEventKind,
  at: number,
  extra: Pick<SimTimelineEvent, 'label' | 'assignee' | 'pullRequestId' | 'willCloseTarget'> = {},
) {
  if (content.kind === 'DraftIssue') return;
  const databaseId = world.newDatabaseId();
  const list = world.timeline.get(content.nodeId) ?? [];
  list.push({
    kind,
    nodeId: nodeId(kind, databaseId),
    databaseId,
    contentId: content.nodeId,
    projectId: '',
    actor: content.repo.split('/')[0] ?? '',
    createdAt: at,
    previousStatus: '',
    status: '',
    ...extra,
  });
  list.sort((a, b) => a.createdAt - b.createdAt);
  world.timeline.set(content.nodeId, list);
}

/**
 * `ProjectV2.updatedAt`, which GitHub documents only as when the object was last updated. The simulator
 * moves it for changes made on the board (an item added, archived, restored or removed, a field value
 * set) and not for edits of an issue in its repository (title, labels, assignees, state: editContent), so
 * that a client gating its listings on it must keep a periodic full listing, as it must on GitHub.
 */
function touchProject(project: SimProject, at: number): void {
  project.updatedAt = Math.max(project.updatedAt, at);
}

export type ContentEdit = {
  title?: string;
  labels?: string[];
  assignees?: string[];
  state?: SimContent['state'];
  /** When the edit happened (a seeded past); absent: now. */
  at?: number;
};

/** An edit of the issue or pull request itself (in its repository): the board's updatedAt stays. */
export function editContent(world: World, contentId: string, edit: ContentEdit): SimContent {
  const content = world.contents.get(contentId);
  if (!content) throw new Error(`no content ${contentId}`);
  const at = edit.at ?? world.now();
  if (edit.title !== undefined) content.title = edit.title;
  if (edit.labels !== undefined) {
    const before = new Set(content.labels.map((l) => l.name));
    const after = new Set(edit.labels);
    for (const name of after) if (!before.has(name)) recordLabelEvent(world, content, name, true, at);
    for (const name of before) if (!after.has(name)) recordLabelEvent(world, content, name, false, at);
    content.labels = [...after].map((name) => labelOf(content.repo, name));
  }
  if (edit.assignees !== undefined && content.kind !== 'DraftIssue') {
    for (const login of edit.assignees)
      if (!content.assignees.includes(login))
        recordContentEvent(world, content, 'AssignedEvent', at, { assignee: login });
    content.assignees = [...edit.assignees];
  }
  if (edit.state !== undefined && content.kind !== 'DraftIssue' && edit.state !== content.state) {
    const reopened = edit.state === 'OPEN';
    if (reopened || content.state === 'OPEN')
      recordContentEvent(world, content, reopened ? 'ReopenedEvent' : 'ClosedEvent', at);
    content.state = edit.state;
    content.closedAt = reopened ? null : at;
    if (edit.state === 'MERGED' && content.kind === 'PullRequest') closeLinkedIssues(world, content, at);
  }
  content.updatedAt = at;
  return content;
}

export type LinkInput = {
  issueId: string;
  pullRequestId: string;
  /** `connected`: linked in the issue's Development section; `reference`: the pull request mentions it. */
  how: 'connected' | 'reference';
  /** Whether its merge closes the issue: always for a Development link, "Fixes #n" for a mention. */
  closes: boolean;
  at?: number;
};

/**
 * A pull request linked to an issue, as GitHub writes it on the issue's timeline: a ConnectedEvent for a
 * Development link (which closes the issue on merge), a CrossReferencedEvent for a mention in the pull
 * request (`willCloseTarget` for "Fixes #n"). A closing link makes the merge close the issue.
 */
export function linkPullRequest(world: World, input: LinkInput): void {
  const issue = world.contents.get(input.issueId);
  const pr = world.contents.get(input.pullRequestId);
  if (issue?.kind !== 'Issue') throw new Error(`no issue ${input.issueId}`);
  if (pr?.kind !== 'PullRequest') throw new Error(`no pull request ${input.pullRequestId}`);
  const at = input.at ?? world.now();
  const closes = input.how === 'connected' || input.closes;
  const kind = input.how === 'connected' ? 'ConnectedEvent' : 'CrossReferencedEvent';
  recordContentEvent(world, issue, kind, at, {
    pullRequestId: pr.nodeId,
    ...(kind === 'CrossReferencedEvent' ? { willCloseTarget: closes } : {}),
  });
  if (closes) pr.closesIssueIds = [...new Set([...(pr.closesIssueIds ?? []), issue.nodeId])];
}

/** A merged pull request closes the open issues it closes, each ClosedEvent naming it as the closer. */
function closeLinkedIssues(world: World, pr: SimContent, at: number): void {
  pr.mergedAt = at;
  for (const id of pr.closesIssueIds ?? []) {
    const issue = world.contents.get(id);
    if (issue?.state !== 'OPEN') continue;
    recordContentEvent(world, issue, 'ClosedEvent', at, { pullRequestId: pr.nodeId });
    issue.state = 'CLOSED';
    issue.closedAt = at;
    issue.updatedAt = at;
  }
}

function labelOf(repo: string, name: string): SimLabel {
  return { nodeId: nodeId('Label', `${repo}/${name}`), name, color: LABEL_COLORS[name] ?? 'ededed' };
}

export function findOption(project: SimProject, name: string | null): StatusOption | null {
  if (name === null) return null;
  const option = project.statusField.options.find((o) => o.name === name || o.id === name);
  if (!option) throw new Error(`project ${project.title} has no Status option ${name}`);
  return option;
}

export function statusOf(world: World, item: SimItem): StatusOption | null {
  const project = world.projects.get(item.projectId);
  return project?.statusField.options.find((o) => o.id === item.status?.optionId) ?? null;
}

function recordEvent(
  world: World,
  item: SimItem,
  kind: 'AddedToProjectV2Event' | 'ProjectV2ItemStatusChangedEvent' | 'RemovedFromProjectV2Event',
  at: number,
  actor: string,
  previous = '',
  status = '',
  lost = false,
): void {
  const databaseId = world.newDatabaseId();
  const list = world.timeline.get(item.contentId) ?? [];
  list.push({
    kind,
    nodeId: nodeId(kind, databaseId),
    databaseId,
    contentId: item.contentId,
    projectId: item.projectId,
    actor,
    createdAt: at,
    previousStatus: previous,
    status,
    ...(lost ? { lost } : {}),
  });
  list.sort((a, b) => a.createdAt - b.createdAt);
  world.timeline.set(item.contentId, list);
}

export type AddItemInput = {
  projectId: string;
  contentId: string;
  at?: number;
  actor?: string;
  status?: string | null;
  itemId?: string;
};

export function addItem(world: World, input: AddItemInput): SimItem {
  const project = mustProject(world, input.projectId);
  if (!world.contents.has(input.contentId)) throw new Error(`no content ${input.contentId}`);
  const at = input.at ?? world.now();
  const databaseId = world.newDatabaseId();
  const actor = input.actor ?? project.owner;
  const item: SimItem = {
    nodeId: input.itemId ?? nodeId('ProjectV2Item', databaseId),
    databaseId,
    projectId: project.nodeId,
    contentId: input.contentId,
    position: world.newPosition(),
    creator: actor,
    createdAt: at,
    updatedAt: at,
    archivedAt: null,
    status: null,
  };
  world.items.set(item.nodeId, item);
  project.itemIds.push(item.nodeId);
  touchProject(project, at);
  recordEvent(world, item, 'AddedToProjectV2Event', at, actor);
  world.emit({ action: 'created', item, actor, at });
  if (input.status) moveItem(world, { itemId: item.nodeId, status: input.status, at, actor });
  return item;
}

export type MoveInput = { itemId: string; status: string | null; at?: number; actor?: string };

/** Sets the item's Status (option name or id; null clears it), as a drag on the board does. */
export function moveItem(world: World, input: MoveInput): SimItem {
  const item = mustItem(world, input.itemId);
  const project = mustProject(world, item.projectId);
  const from = statusOf(world, item);
  const to = findOption(project, input.status);
  if (from?.id === to?.id) return item;
  const at = input.at ?? world.now();
  const actor = input.actor ?? project.owner;
  item.status = to ? { optionId: to.id, createdAt: item.status?.createdAt ?? at, updatedAt: at } : null;
  item.updatedAt = Math.max(item.updatedAt, at);
  if (world.boardUpdatedAtFollowsMoves) touchProject(project, at);
  const lost = !writesStatusEvent(world, project, at);
  recordEvent(
    world,
    item,
    'ProjectV2ItemStatusChangedEvent',
    at,
    actor,
    from?.name ?? '',
    to?.name ?? '',
    lost,
  );
  world.emit({ action: 'edited', item, actor, at, from, to });
  return item;
}

/**
 * Since about 24 September 2026 GitHub writes no ProjectV2ItemStatusChangedEvent for most Status changes
 * (GitHub community discussions 209338, 209484). GitHub publishes no share; 0.7 is the lower of the two
 * shares Fluxion's reconstruction is measured at (docs/metrics.md), so "most" and never all.
 */
export const GITHUB_TIMELINE_LOSS_SINCE = Date.UTC(2026, 8, 24);
export const GITHUB_TIMELINE_LOSS = 0.7;

/** The share of moves at `at` that write no event, by the quirk `timelineEventLoss`. */
export function timelineLossAt(world: World, at: number): number {
  if (world.timelineEventLoss !== 'github') return world.timelineEventLoss;
  return at >= GITHUB_TIMELINE_LOSS_SINCE ? GITHUB_TIMELINE_LOSS : 0;
}

/**
 * Whether a move writes a timeline event: GitHub writes ProjectV2ItemStatusChangedEvent only for the
 * built-in field named Status, and since about 24 September 2026 not for every change (the quirk
 * `timelineEventLoss`: that share of moves writes none, spread evenly so a test knows how many). The
 * value's and the item's `updatedAt` move either way, as on GitHub.
 */
function writesStatusEvent(world: World, project: SimProject, at: number): boolean {
  if (project.statusField.name !== 'Status') return false;
  world.timelineLossOwed += timelineLossAt(world, at);
  if (world.timelineLossOwed < 1 - 1e-9) return true;
  world.timelineLossOwed -= 1;
  return false;
}

export function setArchived(world: World, itemId: string, archived: boolean, actor?: string): SimItem {
  const item = mustItem(world, itemId);
  if ((item.archivedAt !== null) === archived) return item;
  const at = world.now();
  item.archivedAt = archived ? at : null;
  item.updatedAt = at;
  touchProject(mustProject(world, item.projectId), at);
  world.emit({ action: archived ? 'archived' : 'restored', item, actor: actor ?? item.creator, at });
  return item;
}

export function deleteItem(world: World, itemId: string, actor?: string): void {
  const item = mustItem(world, itemId);
  const project = mustProject(world, item.projectId);
  const at = world.now();
  project.itemIds = project.itemIds.filter((id) => id !== itemId);
  world.items.delete(itemId);
  touchProject(project, at);
  recordEvent(world, item, 'RemovedFromProjectV2Event', at, actor ?? item.creator);
  world.emit({ action: 'deleted', item, actor: actor ?? item.creator, at });
}

/**
 * Moves an item on the board to just after `afterItemId` (null: first), as a drag within a column does.
 * The board's order is `itemIds`; the listing's cursor positions follow it, so they are dealt out again.
 */
export function reorderItem(
  world: World,
  itemId: string,
  afterItemId: string | null,
  actor?: string,
): SimItem {
  const item = mustItem(world, itemId);
  const project = mustProject(world, item.projectId);
  if (afterItemId !== null && (afterItemId === itemId || !project.itemIds.includes(afterItemId)))
    throw new Error(`no other item ${afterItemId} on the board`);
  const before = (ids: string[]) => ids[ids.indexOf(itemId) - 1] ?? null;
  const from = before(project.itemIds);
  const rest = project.itemIds.filter((id) => id !== itemId);
  const index = afterItemId === null ? 0 : rest.indexOf(afterItemId) + 1;
  rest.splice(index, 0, itemId);
  if (before(rest) === from) return item;
  const positions = project.itemIds.map((id) => mustItem(world, id).position).sort((a, b) => a - b);
  project.itemIds = rest;
  rest.forEach((id, i) => {
    mustItem(world, id).position = positions[i] ?? world.newPosition();
  });
  const at = world.now();
  item.updatedAt = at;
  touchProject(project, at);
  world.emit({
    action: 'reordered',
    item,
    actor: actor ?? project.owner,
    at,
    previousItem: { from, to: before(rest) },
  });
  return item;
}

/**
 * Converts a draft issue on a board to an issue in `repo` ("Convert to issue"): a new issue with the
 * draft's title, the item's content from then on; the item keeps its id, its field values and its place.
 */
export function convertDraft(world: World, itemId: string, repo: string, actor?: string): SimItem {
  const item = mustItem(world, itemId);
  const project = mustProject(world, item.projectId);
  const draft = world.contents.get(item.contentId);
  if (draft?.kind !== 'DraftIssue') throw new Error(`item ${itemId} is not a draft issue`);
  const at = world.now();
  const issue = createContent(world, { repo, title: draft.title, kind: 'Issue', createdAt: at });
  world.contents.delete(draft.nodeId);
  item.contentId = issue.nodeId;
  item.updatedAt = at;
  touchProject(project, at);
  world.emit({ action: 'converted', item, actor: actor ?? project.owner, at, fromType: 'DraftIssue' });
  return item;
}

export function mustItem(world: World, itemId: string): SimItem {
  const item = world.items.get(itemId);
  if (!item) throw new Error(`no item ${itemId}`);
  return item;
}

export function mustProject(world: World, projectId: string): SimProject {
  const project = world.projects.get(projectId);
  if (!project) throw new Error(`no project ${projectId}`);
  return project;
}

/** A Status change as it happened, whether or not GitHub wrote its timeline event. */
export type TrueMove = { itemId: string; from: string | null; to: string | null; at: number };

/**
 * Every Status change of the board's items as it happened (the events GitHub lost too), oldest first per
 * item: the truth a measure of reconstructed histories compares with (docs/metrics.md).
 */
export function trueStatusHistory(world: World, projectId: string): TrueMove[] {
  const project = mustProject(world, projectId);
  return project.itemIds.flatMap((itemId) => {
    const item = mustItem(world, itemId);
    return (world.timeline.get(item.contentId) ?? [])
      .filter((e) => e.kind === 'ProjectV2ItemStatusChangedEvent' && e.projectId === projectId)
      .map((e) => ({ itemId, from: e.previousStatus || null, to: e.status || null, at: e.createdAt }));
  });
}
