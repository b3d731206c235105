import { nodeId } from './node-ids.ts';
import { DAY_MS, generateHistory, type FlowModel, type Transition } from './history.ts';
import { DEMO_BLOCKED_LABEL, demoBlockedItem } from './story.ts';
import {
  DEMO_BLOCKER_TITLE,
  type DemoIssue,
  type DemoIssueType,
  demoContentId,
  demoIssueType,
  demoParents,
} from './relations.ts';

export const DEMO_OWNER = 'fluxion-demo';
export const DEMO_REPO = 'fluxion-demo/storefront';
export const DEMO_PROJECT_NUMBER = 1;
/** The demo project's node id: the same in every simulator and in the server's demo project row. */
export const DEMO_PROJECT_ID = nodeId('ProjectV2', 'fluxion-demo-1');
export const DEMO_COLUMNS = ['Backlog', 'Ready', 'In Progress', 'Blocked', 'In Review', 'Done'];

export const DEMO_FLOW: FlowModel = {
  entry: { Backlog: 0.85, Ready: 0.15 },
  done: 'Done',
  columns: {
    Backlog: { meanHours: 96, next: { Ready: 0.85, 'In Progress': 0.15 } },
    Ready: { meanHours: 48, next: { 'In Progress': 0.93, Backlog: 0.07 } },
    'In Progress': { meanHours: 60, next: { 'In Review': 0.72, Blocked: 0.13, Done: 0.07, Ready: 0.08 } },
    Blocked: { meanHours: 90, next: { 'In Progress': 0.9, Backlog: 0.1 } },
    'In Review': { meanHours: 22, next: { Done: 0.8, 'In Progress': 0.2 } },
    Done: { meanHours: 240, next: { '': 0.97, 'In Progress': 0.03 } },
  },
};

export type DemoItem = {
  id: string;
  number: number;
  title: string;
  url: string;
  labels: string[];
  milestone: string | null;
  createdAt: string;
  transitions: Transition[];
  /** Its issue's node id. */
  contentId: string;
  issueType: DemoIssueType;
  /** Its parent issue's number (a parent is on the board too); null: none. */
  parentNumber: number | null;
};

/** An item blocked by an open issue (an issue dependency) since `since`. */
export type DemoDependency = { itemId: string; blocker: DemoIssue; since: string };

export type DemoBoard = {
  projectId: string;
  owner: string;
  number: number;
  repo: string;
  title: string;
  columns: string[];
  items: DemoItem[];
  dependencies: DemoDependency[];
};

export function demoItemId(number: number): string {
  return nodeId('ProjectV2Item', `fluxion-demo-1-${number}`);
}

/**
 * The demo board: 180 issues over 120 days and two parents planning some of them (relations.ts), deterministic. The history ends at the start of `now`'s UTC day,
 * so every call on the same day gives the same board; on another day it is the same board shifted by whole days.
 */
export function generateDemoBoard(options: { now: number }): DemoBoard {
  const end = Math.floor(options.now / DAY_MS) * DAY_MS;
  const history = generateHistory({
    seed: 20240601,
    count: 180,
    days: 120,
    end,
    flow: DEMO_FLOW,
    stuckRate: 0.08,
  });
  const board: DemoBoard = {
    projectId: DEMO_PROJECT_ID,
    owner: DEMO_OWNER,
    number: DEMO_PROJECT_NUMBER,
    repo: DEMO_REPO,
    title: 'Storefront delivery',
    columns: DEMO_COLUMNS,
    items: history.map((h) => {
      const number = h.index + 1;
      return {
        id: demoItemId(number),
        number,
        title: h.title,
        url: `https://github.com/${DEMO_REPO}/issues/${number}`,
        labels: h.labels,
        milestone: h.milestone,
        createdAt: h.createdAt,
        transitions: h.transitions,
        contentId: demoContentId(number),
        issueType: demoIssueType(h.labels),
        parentNumber: null,
      };
    }),
    dependencies: [],
  };
  addParents(board, demoParents(history, end));
  // The one blocked item carries the label now, on GitHub (the simulator) as in Fluxion, and waits on an
  // open issue (a dependency) since the label went on: a time marked twice counts once.
  const blocked = demoBlockedItem(board, end);
  if (blocked) {
    blocked.item.labels.push(DEMO_BLOCKED_LABEL);
    const number = board.items.length + 1;
    const createdAt = new Date(blocked.since - 5 * DAY_MS).toISOString();
    const blocker = { contentId: demoContentId(number), number, title: DEMO_BLOCKER_TITLE, createdAt };
    board.dependencies.push({
      itemId: blocked.item.id,
      blocker,
      since: new Date(blocked.since).toISOString(),
    });
  }
  return board;
}

/** The parents after the generated issues, each a Feature; their children name them. */
function addParents(board: DemoBoard, parents: ReturnType<typeof demoParents>): void {
  for (const parent of parents) {
    const number = board.items.length + 1;
    for (const item of board.items) if (parent.childNumbers.includes(item.number)) item.parentNumber = number;
    board.items.push({
      id: demoItemId(number),
      number,
      title: parent.title,
      url: `https://github.com/${DEMO_REPO}/issues/${number}`,
      labels: [],
      milestone: null,
      createdAt: parent.createdAt,
      transitions: parent.transitions,
      contentId: demoContentId(number),
      issueType: 'Feature',
      parentNumber: null,
    });
  }
}

/** The demo's parents: the items some other item names as its parent. */
export function demoParentNumbers(board: DemoBoard): Set<number> {
  return new Set(board.items.flatMap((i) => (i.parentNumber === null ? [] : [i.parentNumber])));
}
