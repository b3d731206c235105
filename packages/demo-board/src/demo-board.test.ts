import { describe, expect, it } from 'vitest';
import { DEMO_COLUMNS, generateDemoBoard } from './demo-board.ts';

const NOW = Date.parse('2025-03-10T15:30:00Z');
const DAY = 86_400_000;

describe('generateDemoBoard', () => {
  const board = generateDemoBoard({ now: NOW });
  const moves = board.items.flatMap((i) => i.transitions);

  it('is the same for any time of the same UTC day, and shifts by whole days', () => {
    expect(generateDemoBoard({ now: NOW + 3 * 3_600_000 })).toEqual(board);
    const tomorrow = generateDemoBoard({ now: NOW + DAY });
    expect(Date.parse(tomorrow.items[0]?.createdAt ?? '') - Date.parse(board.items[0]?.createdAt ?? '')).toBe(
      DAY,
    );
    expect(tomorrow.items.map((i) => i.transitions.at(-1)?.to)).toEqual(
      board.items.map((i) => i.transitions.at(-1)?.to),
    );
  });

  it('has at least 150 issues over at least 90 days across at least 5 columns', () => {
    expect(board.items.length).toBeGreaterThanOrEqual(150);
    const times = moves.map((m) => Date.parse(m.at));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(90 * DAY);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.parse('2025-03-10T00:00:00Z'));
    expect(new Set(moves.map((m) => m.to)).size).toBeGreaterThanOrEqual(5);
  });

  it('has backward moves, skipped columns and stuck items', () => {
    const index = (c: string | null) => DEMO_COLUMNS.indexOf(c ?? '');
    expect(moves.some((m) => m.from && index(m.to) < index(m.from))).toBe(true);
    expect(
      moves.some(
        (m) => m.from && m.from !== 'Blocked' && m.to !== 'Blocked' && index(m.to) > index(m.from) + 1,
      ),
    ).toBe(true);
    const end = Date.parse('2025-03-10T00:00:00Z');
    const stuck = board.items.filter((i) => {
      const last = i.transitions.at(-1);
      return last && last.to !== 'Done' && end - Date.parse(last.at) > 21 * DAY;
    });
    expect(stuck.length).toBeGreaterThanOrEqual(3);
  });

  it('chains transitions per item and keeps ids stable', () => {
    for (const item of board.items) {
      const froms = item.transitions.map((t) => t.from);
      expect(froms).toEqual([null, ...item.transitions.slice(0, -1).map((t) => t.to)]);
    }
    expect(board.items[0]?.id).toMatch(/^PVTI_/);
    expect(board.projectId).toMatch(/^PVT_/);
  });
});
