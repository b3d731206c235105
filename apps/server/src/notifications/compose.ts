import { PRIVATE_ITEM_TITLE } from '@fluxion/contract/constants';
import { flowReportOfRow } from '../analytics/flow-service.ts';
import type { ApiContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import { boardCalendar } from '../projects/calendar.ts';
import { findVisibleBoard } from '../projects/queries.ts';
import { findUser } from '../users/queries.ts';
import { buildDigest, DIGEST_FLOW_PARAMS, type Digest, type DigestItem } from './digest.ts';
import type { Alert } from './messages.ts';
import { currentDigestPeriod } from './schedule.ts';

/** The board's time zone: its working calendar's (UTC without one). */
export const boardTimeZone = (board: Pick<Board, 'calendar'>) => boardCalendar(board.calendar).time_zone;

/**
 * The digest one user reads: the board's Flow report as that user sees it (the same cached report as
 * their Flow page and Home), so an issue of a repository GitHub does not let them read is a "Private item".
 * Undefined when the board is not theirs to see.
 */
export async function digestForUser(
  ctx: ApiContext,
  userId: string,
  board: Board,
  period: string,
): Promise<Digest | undefined> {
  const user = await findUser(ctx.db, userId);
  if (!user) return undefined;
  const row = await findVisibleBoard(ctx.db, userId, user.demo_hidden === 1, board.github_project_id);
  if (!row) return undefined;
  const report = await flowReportOfRow(ctx, userId, row, DIGEST_FLOW_PARAMS);
  return buildDigest({
    boardTitle: board.title,
    projectId: board.github_project_id,
    period,
    report,
    publicUrl: ctx.config.publicUrl,
  });
}

/**
 * The digest a board's Slack channel reads: figures as `reader` sees them (counts and ages are the same
 * for every viewer), and an item named only when every user of the board may see it — anyone in the
 * channel may be any of them. The others read as "Private item".
 */
export async function digestForChannel(
  ctx: ApiContext,
  reader: string,
  viewers: readonly string[],
  board: Board,
  period: string,
): Promise<Digest | undefined> {
  const digest = await digestForUser(ctx, reader, board, period);
  if (!digest) return undefined;
  const hidden = new Set<string>();
  for (const viewer of viewers) {
    if (viewer === reader) continue;
    const theirs = await digestForUser(ctx, viewer, board, period);
    // A viewer whose view cannot be had (they left meanwhile) hides nothing: they see nothing either.
    for (const item of theirs?.oldest ?? []) if (item.title === PRIVATE_ITEM_TITLE) hidden.add(item.id);
  }
  const oldest = digest.oldest.map((item) => (hidden.has(item.id) ? privateItem(item) : item));
  return { ...digest, oldest };
}

const privateItem = (item: DigestItem): DigestItem => ({
  ...item,
  title: PRIVATE_ITEM_TITLE,
  number: null,
  url: null,
});

/** The week a digest sent now reports on: the latest Monday 09:00 on the board's clock. */
export const periodNow = (board: Board, now: number) => currentDigestPeriod(now, boardTimeZone(board)).key;

/** "Collection stopped": what the collector recorded on the board says what happened and what to do. */
export function collectionStoppedAlert(board: Board, publicUrl: string): Alert {
  return {
    kind: 'collection_stopped',
    boardTitle: board.title,
    reason: board.last_error ?? 'GitHub no longer lets Fluxion read this board.',
    action:
      'Fluxion keeps trying once an hour and says so on the board; the history recorded so far is kept. Open Manage Projects for the board’s state.',
    link: `${publicUrl.replace(/\/$/, '')}/manage-projects`,
  };
}
