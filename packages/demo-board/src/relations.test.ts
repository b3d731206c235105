import { describe, expect, it } from 'vitest';
import { demoParentNumbers, generateDemoBoard } from './demo-board.ts';
import { DAY_MS } from './history.ts';
import { DEMO_BLOCKED_LABEL, demoBlockedItem } from './story.ts';

/** The demo's types, parents and dependency (issue 36): what a newcomer sees on the Parents page and Flow. */
describe.each([Date.UTC(2026, 10, 27, 7), Date.UTC(2027, 2, 14, 23)])('the demo relations on %s', (now) => {
  const board = generateDemoBoard({ now });
  const end = Math.floor(now / DAY_MS) * DAY_MS;
  const parents = demoParentNumbers(board);

  it('types every issue Bug, Feature or Task, each type on several', () => {
    const counts = new Map<string, number>();
    for (const item of board.items) counts.set(item.issueType, (counts.get(item.issueType) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(['Bug', 'Feature', 'Task']);
    for (const n of counts.values()) expect(n).toBeGreaterThanOrEqual(20);
  });

  it('adds two open Feature parents after the 180 issues, each with done and open children', () => {
    expect(board.items).toHaveLength(182);
    expect([...parents].sort()).toEqual([181, 182]);
    for (const number of parents) {
      const parent = board.items.find((i) => i.number === number);
      expect(parent).toMatchObject({ issueType: 'Feature', parentNumber: null });
      expect(parent?.transitions.at(-1)?.to).toBe('In Progress');
      const children = board.items.filter((i) => i.parentNumber === number);
      expect(children.length).toBeGreaterThanOrEqual(4);
      const done = children.filter((c) => c.transitions.at(-1)?.to === 'Done').length;
      expect(done).toBeGreaterThan(0);
      expect(done).toBeLessThan(children.length);
      const firstStart = Math.min(
        ...children.flatMap((c) =>
          c.transitions.filter((t) => t.to === 'In Progress').map((t) => Date.parse(t.at)),
        ),
      );
      expect(Date.parse(parent?.transitions.at(-1)?.at ?? '')).toBe(firstStart);
    }
  });

  it('has the blocked item wait on an open issue off the board since its label went on', () => {
    const blocked = demoBlockedItem(board, end);
    expect(blocked && parents.has(blocked.item.number)).toBe(false);
    expect(board.dependencies).toHaveLength(1);
    const [dependency] = board.dependencies;
    expect(dependency?.itemId).toBe(blocked?.item.id);
    expect(Date.parse(dependency?.since ?? '')).toBe(blocked?.since);
    expect(blocked?.item.labels).toContain(DEMO_BLOCKED_LABEL);
    expect(board.items.some((i) => i.contentId === dependency?.blocker.contentId)).toBe(false);
    expect(new Set(board.items.map((i) => i.contentId)).size).toBe(board.items.length);
  });
});
