import { describe, expect, it } from 'vitest';
import { generateDemoBoard } from './demo-board.ts';
import { DAY_MS } from './history.ts';
import {
  DEMO_BLOCKED_LABEL,
  DEMO_LIMITED_COLUMN,
  dayEndCounts,
  demoBlockedItem,
  demoLabelChanges,
  demoWipLimits,
} from './story.ts';

/** The demo's story (docs/metrics.md, "The demo board"): a WIP limit breached once, one blocked item. */
describe.each([Date.UTC(2026, 10, 27, 7), Date.UTC(2027, 2, 14, 23)])('the demo story on %s', (now) => {
  const board = generateDemoBoard({ now });
  const end = Math.floor(now / DAY_MS) * DAY_MS;

  it('has a review WIP limit that was over on exactly one day of the last 30', () => {
    const limit = demoWipLimits(board, end)[DEMO_LIMITED_COLUMN] as number;
    const over = dayEndCounts(board, DEMO_LIMITED_COLUMN, end, 30).filter((n) => n > limit);
    expect(over).toHaveLength(1);
    expect(limit).toBeGreaterThanOrEqual(1);
  });

  it('has one blocked item, in progress, carrying the label since its history says', () => {
    const carrying = board.items.filter((i) => i.labels.includes(DEMO_BLOCKED_LABEL));
    expect(carrying).toHaveLength(1);
    const blocked = demoBlockedItem(board, end);
    expect(carrying[0]?.id).toBe(blocked?.item.id);
    expect(carrying[0]?.transitions.at(-1)?.to).toBe('In Progress');
    const [change] = demoLabelChanges(board, end);
    expect(change).toMatchObject({ itemId: carrying[0]?.id, label: DEMO_BLOCKED_LABEL, added: true });
    const since = Date.parse(change?.at ?? '');
    expect(since).toBeGreaterThan(Date.parse(carrying[0]?.transitions.at(-1)?.at ?? ''));
    expect(since).toBeLessThan(end);
  });
});
