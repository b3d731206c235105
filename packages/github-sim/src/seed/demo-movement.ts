import { addItem, createContent, moveItem, statusOf } from '../model/items.ts';
import type { SimItem } from '../model/types.ts';
import type { World } from '../model/world.ts';
import { DEMO_FLOW, DEMO_PROJECT_ID, DEMO_REPO, seededRandom, weighted } from '@fluxion/demo-board';

export type DemoStep = { itemId: string; title: string; from: string | null; to: string } | null;

/** Moves one demo item a step along the flow (seeded, so the same sequence every run); adds new work sometimes. */
export function createDemoMover(world: World, seed = 7): () => DemoStep {
  const random = seededRandom(seed);
  return () => {
    const project = world.projects.get(DEMO_PROJECT_ID);
    if (!project) return null;
    const done = DEMO_FLOW.done;
    const open = project.itemIds
      .map((id) => world.items.get(id))
      .filter((item) => item && item.archivedAt === null && statusOf(world, item)?.name !== done);
    if (open.length === 0 || random.chance(0.1)) return addDemoItem(world, project.nodeId, 'Backlog');
    const item = random.pick(open);
    if (!item) return null;
    const from = statusOf(world, item)?.name ?? null;
    const spec = DEMO_FLOW.columns[from ?? 'Backlog'];
    const to = spec
      ? weighted(random, Object.fromEntries(Object.entries(spec.next).filter(([k]) => k !== '')))
      : 'Backlog';
    return moveDemoItem(world, item, to);
  };
}

/** A new request on the demo board, in `column`. */
export function addDemoItem(world: World, projectId: string, column: string): NonNullable<DemoStep> {
  const content = createContent(world, {
    repo: DEMO_REPO,
    title: `New request ${world.now() % 100000}`,
    labels: ['enhancement'],
  });
  const item = addItem(world, { projectId, contentId: content.nodeId, status: column, actor: 'octo-bob' });
  return { itemId: item.nodeId, title: content.title, from: null, to: column };
}

/** Moves a demo item to `to`, closing its issue when it reaches done. */
export function moveDemoItem(world: World, item: SimItem, to: string): NonNullable<DemoStep> {
  const from = statusOf(world, item)?.name ?? null;
  moveItem(world, { itemId: item.nodeId, status: to, actor: 'octo-bob' });
  const content = world.contents.get(item.contentId);
  if (content && to === DEMO_FLOW.done) {
    content.state = 'CLOSED';
    content.closedAt = world.now();
  }
  return { itemId: item.nodeId, title: content?.title ?? '', from, to };
}
