import { type BoardItem, levelOfWork, type Transition } from '@fluxion/flow';
import {
  DEMO_PRIORITY_FIELD,
  demoLabelChanges,
  demoPriorityChanges,
  demoWipLimits,
  generateDemoBoard,
} from '@fluxion/demo-board';

/**
 * The demo's flow policies, label history and Priority as the server stores them (packages/demo-board, story.ts),
 * in the engine's terms: what a test adds to its own engine input to expect the server's Flow answer.
 */
export function demoEngineStory(now: number) {
  const board = generateDemoBoard({ now });
  const end = Math.floor(now / 86_400_000) * 86_400_000;
  return {
    policies: { sle: null, wipLimits: demoWipLimits(board, end), blockedLabel: 'blocked' },
    labelChanges: demoLabelChanges(board, end).map((c) => ({ ...c, at: Date.parse(c.at) })),
    // The demo's breakdown field: Flow splits its work by Priority.
    breakdownField: {
      name: DEMO_PRIORITY_FIELD,
      changes: demoPriorityChanges(board, { now }).map((c) => ({ ...c, field: DEMO_PRIORITY_FIELD })),
    },
  };
}

/**
 * The demo's items and moves in the engine's terms, straight from the generator (not the server's loader):
 * with their issue types and parents, as the server stores them, so the level of work and the type
 * breakdown a test expects are the server's.
 */
export function demoEngineItems(now: number): { transitions: Transition[]; items: BoardItem[] } {
  const board = generateDemoBoard({ now });
  const byNumber = new Map(board.items.map((item) => [item.number, item]));
  const transitions = board.items.flatMap((item) =>
    item.transitions.map((t) => ({ itemId: item.id, from: t.from, to: t.to, at: Date.parse(t.at) })),
  );
  const items = board.items.map((item): BoardItem => {
    const last = item.transitions.at(-1);
    const parent = item.parentNumber === null ? undefined : byNumber.get(item.parentNumber);
    return {
      id: item.id,
      number: item.number,
      title: item.title,
      url: item.url,
      milestone: item.milestone,
      labels: item.labels,
      contentId: item.contentId,
      issueType: item.issueType,
      parent: parent
        ? {
            contentId: parent.contentId,
            number: parent.number,
            repository: board.repo,
            title: parent.title,
            url: parent.url,
            closed: false,
          }
        : null,
      column: last?.to ?? null,
      enteredColumnAt: last ? Date.parse(last.at) : null,
    };
  });
  return { transitions, items };
}

/**
 * The items and moves the analyses count on a board at its default level of work: on the demo, which holds
 * parents with their children, its leaf items (docs/metrics.md §19, "Level of work").
 */
export function countedWork<T extends { itemId: string }>(board: {
  items: readonly BoardItem[];
  transitions: readonly T[];
}): { items: BoardItem[]; transitions: T[] } {
  const { leftOut } = levelOfWork(board.items, null);
  return {
    items: board.items.filter((item) => !leftOut.has(item.id)),
    transitions: board.transitions.filter((t) => !leftOut.has(t.itemId)),
  };
}
