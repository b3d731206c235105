import { DAY_MS, type HistoryItem, type Transition } from './history.ts';
import { nodeId } from './node-ids.ts';

/**
 * How the demo team plans on GitHub now (issue 36; docs/metrics.md, "The demo board"): every issue has a
 * type (a `bug` label makes a Bug, `enhancement` a Feature, the rest Tasks); two Features plan the recent
 * work on one part of the storefront each, as parents of its issues; the blocked item also waits on an
 * open issue outside the board. The parents are added after the generated history, so the 180 issues and
 * their moves are as they were, and counting leaf items (the default on a board with parents) counts
 * exactly them.
 */

export type DemoIssueType = 'Bug' | 'Feature' | 'Task';
export const DEMO_ISSUE_TYPES: readonly DemoIssueType[] = ['Bug', 'Feature', 'Task'];

/** An issue the demo's relations name: on the board, or (a blocker) only in its repository. */
export type DemoIssue = { contentId: string; number: number; title: string; createdAt: string };

/** The demo issue `number`'s node id: the same in the simulator and in the server's demo board. */
export function demoContentId(number: number): string {
  return nodeId('Issue', `fluxion-demo-storefront-${number}`);
}

export function demoIssueType(labels: readonly string[]): DemoIssueType {
  if (labels.includes('bug')) return 'Bug';
  if (labels.includes('enhancement')) return 'Feature';
  return 'Task';
}

/** Each parent: its title, and the issues it plans (those whose title names `topic`, created in the last `days`). */
export const DEMO_PARENTS = [
  { title: 'Checkout flow overhaul', topic: 'checkout flow', days: 50 },
  { title: 'Search relaunch', topic: 'search index', days: 60 },
] as const;

/** The open issue the blocked item waits on, in the storefront repository but not on the board. */
export const DEMO_BLOCKER_TITLE = 'Payment provider sandbox access';

export type DemoParent = {
  title: string;
  childNumbers: number[];
  transitions: Transition[];
  createdAt: string;
};

/**
 * A parent's history: opened two days before its first child into Backlog, in progress from the first time
 * a child was (each has a child still open, so neither is done).
 */
export function demoParents(history: readonly HistoryItem[], end: number): DemoParent[] {
  return DEMO_PARENTS.map(({ title, topic, days }) => {
    const children = history.filter(
      (h) => h.title.endsWith(topic) && Date.parse(h.createdAt) >= end - days * DAY_MS,
    );
    const created = Math.min(...children.map((c) => Date.parse(c.createdAt))) - 2 * DAY_MS;
    const started = children
      .flatMap((c) => c.transitions.filter((t) => t.to === 'In Progress').map((t) => Date.parse(t.at)))
      .sort((a, b) => a - b)[0];
    const createdAt = new Date(created).toISOString();
    const transitions: Transition[] = [{ at: createdAt, from: null, to: 'Backlog' }];
    if (started !== undefined)
      transitions.push({ at: new Date(started).toISOString(), from: 'Backlog', to: 'In Progress' });
    return { title, childNumbers: children.map((c) => c.index + 1), transitions, createdAt };
  });
}
