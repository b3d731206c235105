import { z } from 'zod';
import { scheduleResync } from '../boards/repository.ts';
import type { AppContext } from '../context.ts';
import { markDelivery } from './queries.ts';

export const SUB_ISSUES_EVENT = 'sub_issues';

const issueSchema = z.object({ node_id: z.string().min(1) });

/** What Fluxion reads of a `sub_issues` delivery: which two issues (GitHub's payload: docs/github.md). */
const subIssuesEventSchema = z.object({
  action: z.enum(['sub_issue_added', 'sub_issue_removed', 'parent_issue_added', 'parent_issue_removed']),
  parent_issue: issueSchema,
  sub_issue: issueSchema,
});

/**
 * A `sub_issues` delivery: every tracked board holding the parent or the sub-issue is listed in full at
 * once (its next sync), which reads both issues' parent and sub-issue counts as GitHub has them then. The
 * listing, not the payload, is the truth: a delivery late or twice schedules a listing again and changes
 * nothing else, and a payload older than GitHub's state cannot overwrite it. An organization's webhook
 * schedules its own boards only (`org`).
 */
export async function handleSubIssuesDelivery(
  ctx: AppContext,
  payload: unknown,
  delivery: string,
  org: string | null,
): Promise<{ ok: true; status: string } | { ok: false; message: string; field?: string }> {
  const parsed = subIssuesEventSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    return { ok: false, message: `Not a sub_issues payload: ${field}: ${issue?.message}`, field };
  }
  const now = ctx.now();
  const ids = [parsed.data.parent_issue.node_id, parsed.data.sub_issue.node_id];
  const boards = await ctx.db
    .selectFrom('items')
    .innerJoin('boards', 'boards.id', 'items.board_id')
    .select(['boards.id', 'boards.owner_login'])
    .distinct()
    .where('items.content_id', 'in', ids)
    .where('items.removed_at', 'is', null)
    .execute();
  let scheduled = 0;
  for (const board of boards) {
    if (org !== null && board.owner_login.toLowerCase() !== org.toLowerCase()) continue;
    if (await scheduleResync(ctx.db, board.id, now, true)) scheduled += 1;
  }
  const status = boards.length === 0 ? 'untracked' : `full listing scheduled for ${scheduled} board(s)`;
  return { ok: true, status: (await markDelivery(ctx.db, delivery, now)) ? status : 'duplicate' };
}
