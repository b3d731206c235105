import { describe, expect, it } from 'vitest';
import { World } from '../model/world.ts';
import { DEMO_PROJECT_ID } from '@fluxion/demo-board';
import { createDemoMover } from './demo-movement.ts';
import { seedWorld } from './seed-world.ts';

describe('the demo board moving live', () => {
  it('numbers new issues after the seeded ones, never reusing a number', () => {
    const world = new World('manual', Date.parse('2026-11-01T09:00:00Z'));
    seedWorld(world);
    const step = createDemoMover(world);
    const numbers = () => {
      const project = world.projects.get(DEMO_PROJECT_ID);
      return (project?.itemIds ?? []).map((id) => {
        const item = world.items.get(id);
        return item ? world.contents.get(item.contentId)?.number : undefined;
      });
    };
    const seeded = numbers();
    let added = 0;
    for (let i = 0; i < 300 && added < 3; i++) if (step()?.from === null) added++;
    expect(added).toBe(3);
    const all = numbers();
    expect(new Set(all).size).toBe(all.length);
    const newest = all.slice(seeded.length);
    expect(Math.min(...(newest as number[]))).toBeGreaterThan(Math.max(...(seeded as number[])));
  });
});
