import { DEMO_OWNER, DEMO_PROJECT_ID, generateDemoBoard } from '@fluxion/demo-board';
import type { World } from '../model/world.ts';
import { seedDemo } from './seed-world.ts';

/**
 * A restored world's demo board, made again when its history is from an earlier day: Fluxion regenerates
 * the demo's recorded history each day from the same generator, and both must show the same board.
 */
export function refreshDemo(world: World): void {
  const project = world.projects.get(DEMO_PROJECT_ID);
  const fresh = generateDemoBoard({ now: world.now() });
  if (project && project.createdAt === Date.parse(fresh.items[0]?.createdAt ?? '')) return;
  if (project) {
    for (const id of project.itemIds) {
      const item = world.items.get(id);
      if (!item) continue;
      world.items.delete(id);
      world.contents.delete(item.contentId);
      world.timeline.delete(item.contentId);
    }
    world.projects.delete(DEMO_PROJECT_ID);
  }
  world.orgs.delete(DEMO_OWNER);
  seedDemo(world);
}
