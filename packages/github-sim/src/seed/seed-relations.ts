import { addBlockedBy, addSubIssue, setIssueType } from '../model/hierarchy.ts';
import { statusOf } from '../model/items.ts';
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
