import { nodeId } from './node-ids.ts';
import { DAY_MS, generateHistory, type FlowModel, type Transition } from './history.ts';
import { DEMO_BLOCKED_LABEL, demoBlockedItem } from './story.ts';

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
};

export type DemoBoard = {
  projectId: string;
  owner: string;
  number: number;
  repo: string;
  title: string;
  columns: string[];
  items: DemoItem[];
};

export function demoItemId(number: number): string {
  return nodeId('ProjectV2Item', `fluxion-demo-1-${number}`);
}

/**
 * The demo board: 180 issues over 120 days, deterministic. The history ends at the start of `now`'s UTC day,
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
      };
    }),
  };
  // The one blocked item carries the label now, on GitHub (the simulator) as in Fluxion.
  demoBlockedItem(board, end)?.item.labels.push(DEMO_BLOCKED_LABEL);
  return board;
}
