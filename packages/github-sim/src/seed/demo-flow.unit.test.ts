import { DEMO_PROJECT_ID } from '@fluxion/demo-board';
import { describe, expect, it } from 'vitest';
import { World } from '../model/world.ts';
import { createDemoFlow } from './demo-flow.ts';
import { seedWorld } from './seed-world.ts';

const MINUTE = 60_000;

/** The demo's live pace against its history: moves per day over the last 30 days of the seeded board. */
function historyMovesPerDay(world: World): number {
  const since = world.now() - 30 * 24 * 60 * MINUTE;
  const events = [...world.timeline.values()].flat().filter((e) => e.projectId === DEMO_PROJECT_ID);
  return events.filter((e) => e.createdAt >= since).length / 30;
}

describe('the demo board living on', () => {
  it('moves at its history’s pace: a handful of moves an hour at most, about as many a day as before', () => {
    const world = new World('manual', Date.parse('2026-11-01T09:00:00Z'));
    seedWorld(world);
    const before = historyMovesPerDay(world);
    const tick = createDemoFlow(world);
    const perMinute = (minutes: number) => {
      let moves = 0;
      for (let i = 0; i < minutes; i++) {
        world.clock.advance(MINUTE);
        moves += tick(MINUTE);
      }
      return moves;
    };
    // 15 minutes, when one move a minute made the average lead time jump from 11.7 to 16.5 days.
    expect(perMinute(15)).toBeLessThanOrEqual(3);
    const week = perMinute(7 * 24 * 60) / 7;
    expect(week).toBeGreaterThan(before / 2);
    expect(week).toBeLessThan(before * 2);
  });
});
