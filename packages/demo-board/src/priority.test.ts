import { describe, expect, it } from 'vitest';
import { generateDemoBoard } from './demo-board.ts';
import { demoPriorityChanges } from './priority.ts';

const NOW = Date.UTC(2026, 10, 29, 12);

describe("the demo's Priority field", () => {
  const board = generateDemoBoard({ now: NOW });
  const changes = demoPriorityChanges(board, { now: NOW });

  it('gives most items a Priority when created, all three values, some none', () => {
    const first = new Map<string, string | null>();
    for (const c of changes) if (!first.has(c.itemId)) first.set(c.itemId, c.value);
    expect(new Set(first.values())).toEqual(new Set(['High', 'Medium', 'Low']));
    expect(first.size).toBeGreaterThan(board.items.length / 2);
    expect(first.size).toBeLessThan(board.items.length);
  });

  it('raises a blocked item to High: values change over time, oldest first, none after now', () => {
    const raised = changes.filter((c, i) => changes.findIndex((d) => d.itemId === c.itemId) !== i);
    expect(raised.length).toBeGreaterThan(0);
    expect(raised.every((c) => c.value === 'High')).toBe(true);
    expect(changes.every((c, i) => i === 0 || (changes[i - 1]?.at ?? 0) <= c.at)).toBe(true);
    expect(changes.every((c) => c.at <= NOW)).toBe(true);
  });

  it('is the same board shifted for the same day', () => {
    expect(demoPriorityChanges(generateDemoBoard({ now: NOW }), { now: NOW })).toEqual(changes);
  });
});
