import { formatter } from '@fluxion/contract/format';
import { analysedBoard } from '../analytics/board.ts';
import { flowOf, flowQuery } from '../analytics/flow-service.ts';
import { parentsReportOf } from '../analytics/parents-service.ts';
import { grownTypes, keepBaseline, readBaseline, slippedParents } from './baselines.ts';
import { hiddenFromViewer } from '../analytics/item-filter.ts';
import type { ApiContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import { readIterationFields } from '../iterations/queries.ts';
import { boardCalendar } from '../tracked-boards/calendar.ts';
import { findVisibleBoard } from '../tracked-boards/queries.ts';
import { findUser } from '../users/queries.ts';
import { PRIVATE_ITEM_NAME, withoutContent } from '../visibility/redact.ts';
import {
  buildDigest,
  DIGEST_FLOW_PARAMS,
  type Digest,
  type DigestItem,
  firstLook,
  type SinceBefore,
} from './digest.ts';
import { type Alert, combineAlerts } from './messages.ts';
import { findPreferences } from './preferences.ts';
import type { Crossing } from './crossings.ts';
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
  const viewer = await boardViewer(ctx, userId, board);
  if (!viewer) return undefined;
  const report = await flowOf(ctx, viewer, digestQuery(board));
  const { estimateField } = await readIterationFields(ctx.db, board.id);
  const estimate = estimateField && {
    field: estimateField.name,
    report: await flowOf(ctx, viewer, { ...digestQuery(board), unit: 'estimate' }),
  };
  return buildDigest({
    boardTitle: board.title,
    projectId: board.github_project_id,
    period,
    report,
    estimate,
    publicUrl: ctx.config.publicUrl,
    locale: await readerLocale(ctx, userId, board),
    sinceBefore: await sinceBefore(ctx, viewer, board, period, report),
  });
}

/**
 * The parents that slipped and the types whose cycle time grew since the week kept before this one (as
 * this reader sees the parents), keeping this week's figures for the next digest.
 */
async function sinceBefore(
  ctx: ApiContext,
  viewer: NonNullable<Awaited<ReturnType<typeof boardViewer>>>,
  board: Board,
  period: string,
  report: Awaited<ReturnType<typeof flowOf>>,
): Promise<SinceBefore | null> {
  const { parents } = await parentsReportOf(ctx, viewer, { project: board.github_project_id });
  const types = report.by_type ?? [];
  const kept = await readBaseline(ctx.db, board.id, period);
  await keepBaseline(ctx.db, board.id, period, { parents, types }, ctx.now());
  if (!kept) return null;
  return { period: kept.period, slipped: slippedParents(parents, kept), grown: grownTypes(types, kept) };
}

/** The locale a user reads this board's messages in (saved with their settings; en-US until then). */
async function readerLocale(ctx: ApiContext, userId: string, board: Board): Promise<string | null> {
  return (await findPreferences(ctx.db, userId, board.id))?.locale ?? null;
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
  const hidden = await hiddenFromAny(ctx, viewers, board);
  const shown = (items: DigestItem[]) =>
    items.map((item) => (hidden.has(item.id) ? withoutContent(item) : item));
  const sle = digest.sle && {
    ...digest.sle,
    breached: shown(digest.sle.breached),
    atRisk: shown(digest.sle.atRisk),
  };
  const since = digest.sinceBefore && {
    ...digest.sinceBefore,
    slipped: digest.sinceBefore.slipped.map((p) => (hidden.has(p.id) ? withoutContent(p) : p)),
  };
  const { firstLook: _mine, ...rest } = {
    ...digest,
    oldest: shown(digest.oldest),
    sle,
    sinceBefore: since,
  };
  return { ...rest, firstLook: firstLook(rest) };
}

/**
 * The board's items whose content one of `viewers` may not see (each viewer's redaction). A viewer whose
 * view cannot be had (they left meanwhile) hides nothing: they see nothing either.
 */
async function hiddenFromAny(
  ctx: ApiContext,
  viewers: readonly string[],
  board: Board,
): Promise<ReadonlySet<string>> {
  const hidden = new Set<string>();
  for (const viewer of viewers) {
    const seen = await boardViewer(ctx, viewer, board);
    if (seen) for (const id of await hiddenFromViewer(ctx, viewer, seen.board)) hidden.add(id);
  }
  return hidden;
}

/** The board as `userId` sees it (the board facts' read model), undefined when it is not theirs to see. */
async function boardViewer(ctx: ApiContext, userId: string, board: Board) {
  const user = await findUser(ctx.db, userId);
  if (!user) return undefined;
  const row = await findVisibleBoard(ctx.db, userId, user.demo_hidden === 1, board.github_project_id);
  return row ? { userId, board: analysedBoard(row, ctx.now()) } : undefined;
}

/** The digest's question: the Flow page's over DIGEST_WEEKS weeks (GET /api/flow/?days=28 reads the same facts). */
const digestQuery = (board: Board) => flowQuery(board.github_project_id, DIGEST_FLOW_PARAMS);

/** The week a digest sent now reports on: the latest Monday 09:00 on the board's clock. */
export const periodNow = (board: Board, now: number) => currentDigestPeriod(now, boardTimeZone(board)).key;

/** "Collection stopped": what the collector recorded on the board says what happened and what to do. */
export function collectionStoppedAlert(board: Board, publicUrl: string): Alert {
  return {
    kind: 'collection_stopped',
    boardTitle: board.title,
    title: `${board.title}: Fluxion stopped collecting this board`,
    reason: board.last_error ?? 'GitHub no longer lets Fluxion read this board.',
    action:
      'Fluxion keeps trying once an hour and says so on the board; the history recorded so far is kept. Open Manage Projects for the board’s state.',
    link: `${publicUrl.replace(/\/$/, '')}/manage-projects`,
  };
}

/** The cause of an alert, as its job's key holds it. */
export type AlertCause =
  | { kind: 'collection_stopped' }
  | { kind: 'crossings'; scannedAt: number }
  | { kind: 'sle_crossed'; itemId: string }
  | { kind: 'wip_limit'; column: string };

/**
 * `collection_stopped:<last sync>`, `crossed:<scan time>` (the job's `crossings` list what), and the
 * crossings themselves: `sle:<item>:<its cycle start>`, `wip:<column>`.
 */
export function readCause(cause: string): AlertCause | null {
  const [kind, first] = cause.split(':');
  if (kind === 'collection_stopped') return { kind };
  if (kind === 'crossed' && first && Number.isFinite(Number(first)))
    return { kind: 'crossings', scannedAt: Number(first) };
  if (kind === 'sle' && first) return { kind: 'sle_crossed', itemId: first };
  if (kind === 'wip' && first) return { kind: 'wip_limit', column: decodeURIComponent(first) };
  return null;
}

/**
 * The SLE crossings and WIP-limit breaches of a board now: one per item per cycle (its cycle start in the
 * key), crossed at the earliest when its cycle start plus the SLE's days had passed; one per column over
 * its limit, crossed at the start of the stretch of days over it (a column that goes back within its
 * limit and over again between two scans is news again).
 */
export async function flowCrossings(ctx: ApiContext, userId: string, board: Board): Promise<Crossing[]> {
  const report = await reportForUser(ctx, userId, board);
  if (!report) return [];
  const sleDays = report.sle?.days ?? 0;
  const sle = report.aging.items
    .filter((item) => item.sle_risk === 'breached')
    .map((item) => ({
      key: `sle:${item.id}:${item.started_at}`,
      at: Date.parse(item.started_at) + sleDays * DAY_MS,
    }));
  const wip = (report.wip_limits ?? [])
    .filter((w) => w.over)
    .map((w) => {
      const first = stretchStart(w.dates_over, report.window.end);
      // Keyed by the column alone: the stretch's first day moves with a window it outlasts.
      return { key: `wip:${encodeURIComponent(w.column)}`, at: Date.parse(`${first}T00:00:00Z`) };
    });
  return [...sle, ...wip];
}

const DAY_MS = 86_400_000;

/** The first day of the run of consecutive days over the limit that reaches the window's end. */
export function stretchStart(datesOver: readonly string[], end: string): string {
  const days = new Set(datesOver);
  let day = end;
  while (days.has(previousDay(day))) day = previousDay(day);
  return day;
}

const previousDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

async function reportForUser(ctx: ApiContext, userId: string, board: Board) {
  const viewer = await boardViewer(ctx, userId, board);
  return viewer ? flowOf(ctx, viewer, digestQuery(board)) : undefined;
}

/**
 * The alert for a flow cause as `userId` reads it (null once resolved: the item finished or the column is
 * back within its limit). `viewers`: everyone the message reaches may see (a Slack channel: every user
 * of the board), so an item any of them may not see is a "Private item".
 */
export async function flowAlert(
  ctx: ApiContext,
  userId: string,
  viewers: readonly string[],
  board: Board,
  cause: Extract<AlertCause, { kind: 'sle_crossed' | 'wip_limit' }>,
): Promise<Alert | null> {
  const report = await reportForUser(ctx, userId, board);
  if (!report) return null;
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  const project = encodeURIComponent(board.github_project_id);
  if (cause.kind === 'wip_limit') {
    const state = (report.wip_limits ?? []).find((w) => w.column === cause.column && w.over);
    if (!state) return null;
    return {
      kind: 'wip_limit',
      boardTitle: board.title,
      title: `${board.title}: ${state.column} is over its WIP limit (${state.count} of ${state.limit})`,
      reason: `${state.column} holds ${state.count} items; its WIP limit is ${state.limit}.`,
      action: `Finish or unblock an item in ${state.column} before pulling a new one in.`,
      link: `${base}/issues-in-columns?project=${project}&column=${encodeURIComponent(state.column)}`,
    };
  }
  const item = report.aging.items.find((i) => i.id === cause.itemId && i.sle_risk === 'breached');
  if (!item || !report.sle) return null;
  const hidden = await hiddenFromAny(ctx, [userId, ...viewers], board);
  const name = hidden.has(item.id)
    ? PRIVATE_ITEM_NAME
    : `${item.number === null ? '' : `#${item.number} `}“${item.title}”`;
  const f = formatter(await readerLocale(ctx, userId, board));
  return {
    kind: 'sle_crossed',
    boardTitle: board.title,
    title: `${board.title}: ${name} crossed the SLE (${f.duration(item.age_days)} in progress)`,
    reason: `${name} has been in progress ${f.duration(item.age_days)}, now in ${item.column}; the board's SLE is ${report.sle.percent}% within ${f.duration(report.sle.days)}.`,
    action:
      'See what holds it: swarm on it, split it, or unblock it — the older it gets, the less likely it finishes soon.',
    link: `${base}/flow?project=${project}`,
  };
}

/**
 * One scan's crossings (`keys`) as one alert, as `userId` reads it: the ones still standing (an item that
 * finished since, a column back within its limit, is left out); null when none is.
 */
export async function crossingsAlert(
  ctx: ApiContext,
  userId: string,
  viewers: readonly string[],
  board: Board,
  keys: readonly string[],
): Promise<Alert | null> {
  const alerts: Alert[] = [];
  for (const key of keys) {
    const cause = readCause(key);
    if (cause?.kind !== 'sle_crossed' && cause?.kind !== 'wip_limit') continue;
    const alert = await flowAlert(ctx, userId, viewers, board, cause);
    if (alert) alerts.push(alert);
  }
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  return combineAlerts(
    board.title,
    alerts,
    `${base}/flow?project=${encodeURIComponent(board.github_project_id)}`,
  );
}
