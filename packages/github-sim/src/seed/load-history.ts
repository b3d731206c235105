import { addItem, createContent, moveItem } from '../model/items.ts';
import type { ContentKind, SimProject } from '../model/types.ts';
import type { World } from '../model/world.ts';
import type { Transition } from '@fluxion/demo-board';

export type HistoryEntry = {
  id?: string;
  /** Its issue's node id, when fixed (the demo board's). */
  contentId?: string;
  number?: number;
  title: string;
  labels: string[];
  milestone: string | null;
  createdAt: string;
  transitions: Transition[];
  kind?: ContentKind;
  visibleTo?: string[];
};

/** Puts issues on a board and replays their moves, leaving the board at the history's final state. */
export function loadHistory(
  world: World,
  project: SimProject,
  repo: string,
  entries: HistoryEntry[],
  actor: string,
): void {
  // The seeded stories are told whole (every move writes its event), whatever their dates: tests and the
  // local demo read them as fixtures. Moves after start-up, and boards made through the control API, lose
  // events as GitHub does (World.timelineEventLoss).
  const loss = world.timelineEventLoss;
  world.timelineEventLoss = 0;
  try {
    loadEntries(world, project, repo, entries, actor);
  } finally {
    world.timelineEventLoss = loss;
  }
}

function loadEntries(
  world: World,
  project: SimProject,
  repo: string,
  entries: HistoryEntry[],
  actor: string,
): void {
  for (const entry of entries) {
    const createdAt = Date.parse(entry.createdAt);
    const content = createContent(world, {
      repo,
      title: entry.title,
      kind: entry.kind,
      number: entry.number,
      labels: entry.labels,
      milestone: entry.milestone,
      createdAt,
      visibleTo: entry.visibleTo,
      nodeId: entry.contentId,
    });
    const item = addItem(world, {
      projectId: project.nodeId,
      contentId: content.nodeId,
      at: createdAt,
      actor,
      itemId: entry.id,
    });
    for (const t of entry.transitions) {
      moveItem(world, { itemId: item.nodeId, status: t.to, at: Date.parse(t.at), actor });
    }
    const last = entry.transitions[entry.transitions.length - 1];
    if (last && last.to === project.statusField.options[project.statusField.options.length - 1]?.name) {
      content.state = content.kind === 'PullRequest' ? 'MERGED' : 'CLOSED';
      content.closedAt = Date.parse(last.at);
      content.updatedAt = content.closedAt;
    }
  }
}
