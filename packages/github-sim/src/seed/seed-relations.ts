import type { DemoBoard } from '@fluxion/demo-board';
import { addBlockedBy, addSubIssue, setIssueType } from '../model/hierarchy.ts';
import { createContent, statusOf } from '../model/items.ts';
import type { SimContent, SimProject } from '../model/types.ts';
import type { World } from '../model/world.ts';

/**
 * How teams plan on GitHub now, on a seeded organization board: each issue typed (a `bug` label a Bug,
 * `enhancement` a Feature, the rest Tasks), two parent issues (Features) with five children each, and an
 * open issue blocked by another open one, so local mode shows parents, types and dependencies.
 */
export function seedRelations(world: World, project: SimProject, repo: string): void {
  const issues = project.itemIds
    .map((id) => world.items.get(id))
    .map((item) => item && { item, content: world.contents.get(item.contentId) })
    .filter((x): x is { item: NonNullable<typeof x>['item']; content: SimContent } => !!x?.content)
    .filter(({ content }) => content.kind === 'Issue' && content.repo === repo);
  for (const { content } of issues) {
    const names = content.labels.map((l) => l.name);
    setIssueType(
      world,
      content.nodeId,
      names.includes('bug') ? 'Bug' : names.includes('enhancement') ? 'Feature' : 'Task',
    );
  }
  // Two of the board's issues plan the work of ten others: Features with five children each.
  const parents = issues.slice(0, 2).map(({ content }) => content);
  for (const parent of parents) setIssueType(world, parent.nodeId, 'Feature');
  issues.slice(2, 12).forEach(({ content }, i) => {
    const parent = parents[i % parents.length];
    if (parent) addSubIssue(world, { parentId: parent.nodeId, subId: content.nodeId, actor: 'octo-alice' });
  });
  const open = issues.filter(
    ({ item, content }) => content.state === 'OPEN' && statusOf(world, item)?.name !== 'Backlog',
  );
  const [blocked, blocking] = open.slice(-2);
  if (blocked && blocking)
    addBlockedBy(world, {
      blockedId: blocked.content.nodeId,
      blockingId: blocking.content.nodeId,
      actor: 'octo-bob',
    });
}

/**
 * The demo board's types, parents and dependency as packages/demo-board makes them (and Fluxion stores
 * them): the blocking issue is in the demo's repository, not on its board.
 */
export function seedDemoRelations(world: World, board: DemoBoard): void {
  const byNumber = new Map(board.items.map((item) => [item.number, item]));
  for (const item of board.items) {
    setIssueType(world, item.contentId, item.issueType);
    const parent = item.parentNumber === null ? undefined : byNumber.get(item.parentNumber);
    if (parent) addSubIssue(world, { parentId: parent.contentId, subId: item.contentId, actor: 'octo-bob' });
  }
  for (const { itemId, blocker } of board.dependencies) {
    const blocked = board.items.find((item) => item.id === itemId);
    if (!blocked) continue;
    createContent(world, {
      repo: board.repo,
      title: blocker.title,
      number: blocker.number,
      createdAt: Date.parse(blocker.createdAt),
      nodeId: blocker.contentId,
    });
    addBlockedBy(world, { blockedId: blocked.contentId, blockingId: blocker.contentId, actor: 'octo-bob' });
  }
}
