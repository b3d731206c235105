import { z } from 'zod';
import { recordChanges } from '../boards/changes.ts';
import type { AppContext } from '../context.ts';
import { recordDependencyChanges } from '../move-log/dependency-changes.ts';
import { markDelivery } from './queries.ts';

export const DEPENDENCY_EVENT = 'issue_dependencies';

const API_REPOS = /^https:\/\/[^/]+\/(?:api\/v3\/)?repos\/([^/]+\/[^/]+)$/;

const issueSchema = z.object({
  node_id: z.string().min(1),
  number: z.number().int(),
  title: z.string(),
  html_url: z.string(),
  repository_url: z.string(),
  state: z.enum(['open', 'closed']),
  updated_at: z.string(),
});

/** What Fluxion reads of an `issue_dependencies` delivery (GitHub's payload: docs/github.md). */
const dependencyEventSchema = z.object({
  action: z.enum(['blocked_by_added', 'blocked_by_removed', 'blocking_added', 'blocking_removed']),
  blocked_issue: issueSchema,
  blocking_issue: issueSchema,
  organization: z.object({ login: z.string() }).optional(),
});

export type DependencyDelivery =
  | { ok: true; status: string }
  | { ok: false; message: string; field?: string };

/**
 * An `issue_dependencies` delivery (docs/metrics.md, "Dependency blocking"): `blocked_by_added` starts the
 * blocking issue's blocking of every tracked item of the blocked issue (when it is open), `blocked_by_removed`
 * stops it, at the blocked issue's `updated_at` (when the dependency changed; never after now). The
 * `blocking_*` delivery is the same change seen from the other issue: the `blocked_by_*` one records it.
 * A delivery twice, or after a listing saw the change, writes nothing more; a late one takes its place in
 * time. An organization's webhook speaks only for its own boards (`org`: the organization it signed for).
 */
export async function handleDependencyDelivery(
  ctx: AppContext,
  payload: unknown,
  delivery: string,
  org: string | null,
): Promise<DependencyDelivery> {
  const parsed = dependencyEventSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    return { ok: false, message: `Not an issue_dependencies payload: ${field}: ${issue?.message}`, field };
  }
  const event = parsed.data;
  const now = ctx.now();
  if (!event.action.startsWith('blocked_by_'))
    return marked(ctx, delivery, now, 'ignored: recorded from blocked_by');
  const items = await ctx.db
    .selectFrom('items')
    .innerJoin('boards', 'boards.id', 'items.board_id')
    .select(['items.board_id', 'items.item_id', 'boards.owner_login', 'boards.added_at'])
    .where('items.content_id', '=', event.blocked_issue.node_id)
    .where('items.removed_at', 'is', null)
    .execute();
  const mine = items.filter((i) => org === null || i.owner_login.toLowerCase() === org.toLowerCase());
  if (mine.length === 0) return marked(ctx, delivery, now, 'untracked');
  const blocker = event.blocking_issue;
  const changed = Date.parse(event.blocked_issue.updated_at);
  const at = Number.isNaN(changed) ? now : Math.min(changed, now);
  const starts = event.action === 'blocked_by_added' && blocker.state === 'open';
  const change = {
    blockingId: blocker.node_id,
    blocking: starts,
    at,
    blocker: {
      number: blocker.number,
      repository: API_REPOS.exec(blocker.repository_url)?.[1] ?? '',
      title: blocker.title,
      url: blocker.html_url,
    },
  };
  let written = 0;
  for (const item of mine) {
    if (at < Number(item.added_at)) continue;
    written += await recordChanges(ctx.db, item.board_id, (changes) =>
      recordDependencyChanges(changes, [{ itemId: item.item_id, ...change }], 'webhook', now),
    );
  }
  return marked(ctx, delivery, now, written > 0 ? 'recorded' : 'known');
}

async function marked(
  ctx: AppContext,
  delivery: string,
  now: number,
  status: string,
): Promise<DependencyDelivery> {
  return { ok: true, status: (await markDelivery(ctx.db, delivery, now)) ? status : 'duplicate' };
}
