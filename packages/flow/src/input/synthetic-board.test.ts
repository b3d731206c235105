import { describe, expect, it } from 'vitest';
import { type GeneratedBoard, generateBoard, warmUpBoards } from './synthetic-board.ts';

const DAY = 86_400_000;
const size = { issues: 2_000, transitions: 20_000, days: 365 };

describe('the synthetic board', () => {
  const board = generateBoard(size);

  it('is a board’s history: each item in the column its last move took it to, since then', () => {
    const last = new Map(board.transitions.map((t) => [t.itemId, t]));
    for (const item of board.items) {
      const move = last.get(item.id);
      expect(item.column).toBe(move?.to);
      expect(item.enteredColumnAt).toBe(move?.to === null ? null : move?.at);
    }
    // Each move leaves the column the item's move before took it to.
    const at = new Map<string, string | null>();
    for (const t of board.transitions) {
      expect(t.from).toBe(at.get(t.itemId) ?? null);
      at.set(t.itemId, t.to);
    }
  });

  it('has work finished and in progress, the same every time', () => {
    const inColumn = (column: string) => board.items.filter((item) => item.column === column).length;
    expect(inColumn('Done')).toBeGreaterThan(board.items.length / 2);
    expect(inColumn('In Progress') + inColumn('Review')).toBeGreaterThan(0);
    expect(generateBoard(size)).toEqual(board);
  });

  it('ends at `end` when given, the same history moved in time', () => {
    const end = Date.UTC(2026, 10, 30, 12);
    const moved = generateBoard({ ...size, end });
    const shift = end - board.now;
    expect(moved.now).toBe(end);
    expect(moved.transitions.map((t) => t.at - shift)).toEqual(board.transitions.map((t) => t.at));
    expect(Math.min(...moved.transitions.map((t) => t.at))).toBeGreaterThanOrEqual(end - size.days * DAY);
  });

  it('warms code on the reference board and on a young one finishing far more a month, both ending at `end`', () => {
    const end = Date.UTC(2026, 10, 30, 12);
    const [reference, young] = warmUpBoards(2_000, end) as [GeneratedBoard, GeneratedBoard];
    expect(reference).toEqual(generateBoard({ issues: 2_000, transitions: 20_000, days: 730, end }));
    expect([young.items.length, young.now]).toEqual([1_000, end]);
    expect(Math.min(...young.transitions.map((t) => t.at))).toBeGreaterThanOrEqual(end - 60 * DAY);
    const finishedLastMonth = (board: GeneratedBoard) =>
      board.transitions.filter((t) => t.to === 'Done' && t.at >= end - 30 * DAY).length;
    expect(finishedLastMonth(young)).toBeGreaterThan(10 * finishedLastMonth(reference));
  });
});
