import { randomUUID } from 'node:crypto';
import {
  type CreatedShareLink,
  type ShareFilters,
  type ShareLink,
  shareFiltersSchema,
} from '@fluxion/contract';
import { analysisGate } from '../billing/paywall.ts';
import type { ApiContext, AppContext } from '../context.ts';
import { AppError, notFound } from '../http/errors.ts';
import { resolveProject } from '../tracked-boards/service.ts';
import {
  findShareLink,
  findShareLinkByHash,
  insertShareLink,
  listShareLinksOf,
  revokeShareLinkRow,
  type ShareLinkRow,
} from './queries.ts';
import { assertLinkOpens } from './link-opens.ts';
import { hashShareToken, newShareToken } from './tokens.ts';

const DAY_MS = 86_400_000;

/** Where the web app shows a link: the token is in the fragment, which browsers never send to a server. */
export const sharePath = (token: string) => `/share#${token}`;

export function linkStatus(row: ShareLinkRow, now: number): ShareLink['status'] {
  if (row.revoked_at !== null) return 'revoked';
  return now >= row.expires_at ? 'expired' : 'active';
}

/**
 * A link's stored filters. One that cannot be used (a date written before dates were checked as now) is
 * left out, with a warning, rather than refused: the link and its owner's list of links keep working.
 */
export function linkFilters(row: ShareLinkRow): ShareFilters {
  let stored: unknown;
  try {
    stored = JSON.parse(row.filters);
  } catch {
    stored = {};
  }
  const parsed = shareFiltersSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const kept: Record<string, unknown> = typeof stored === 'object' && stored !== null ? { ...stored } : {};
  const unusable = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
  for (const key of unusable) delete kept[key];
  const tolerated = shareFiltersSchema.safeParse(kept);
  warnOnce(row.id, [...unusable]);
  return tolerated.success ? tolerated.data : shareFiltersSchema.parse({});
}

const warned = new Set<string>();

/** Each link with unusable stored filters is said once per process (it is read on every visit). */
function warnOnce(linkId: string, filters: string[]): void {
  if (warned.has(linkId)) return;
  if (warned.size >= 1000) warned.clear();
  warned.add(linkId);
  console.warn(
    `Share link ${linkId} has stored filters that cannot be used, left out: ${filters.join(', ')}`,
  );
}

function toShareLink(row: ShareLinkRow, now: number): ShareLink {
  return {
    id: row.id,
    project: row.github_project_id,
    project_title: row.board_title,
    filters: linkFilters(row),
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
    status: linkStatus(row, now),
  };
}

/** A board the user may analyse now: shared links show what their creator sees, no more. */
export async function createShareLink(
  ctx: ApiContext,
  userId: string,
  request: { project: string; filters: ShareFilters; expires_in_days: number },
): Promise<CreatedShareLink> {
  const board = await resolveProject(ctx, userId, request.project);
  const gate = await analysisGate(ctx, userId);
  if (!gate.allows(board)) throw new AppError(402, 'subscription_required', gate.message);
  await assertLinkOpens(ctx, userId, request.project, board, request.filters);
  const token = newShareToken();
  const now = ctx.now();
  const id = randomUUID();
  await insertShareLink(ctx.db, {
    id,
    token_hash: hashShareToken(token),
    user_id: userId,
    board_id: board.id,
    filters: JSON.stringify(request.filters),
    created_at: now,
    expires_at: now + request.expires_in_days * DAY_MS,
    revoked_at: null,
  });
  const row = await findShareLink(ctx.db, userId, id);
  if (!row) throw new Error('a share link just created cannot be read back');
  return { ...toShareLink(row, now), token, path: sharePath(token) };
}

export async function listShareLinks(ctx: AppContext, userId: string): Promise<ShareLink[]> {
  const now = ctx.now();
  return (await listShareLinksOf(ctx.db, userId)).map((row) => toShareLink(row, now));
}

/** Another user's link is a 404, as if it did not exist. */
export async function revokeShareLink(ctx: AppContext, userId: string, id: string): Promise<void> {
  const row = await findShareLink(ctx.db, userId, id);
  if (!row) throw notFound('Share link not found');
  await revokeShareLinkRow(ctx.db, userId, id, ctx.now());
}

/** The link a token opens, or the reason it opens nothing (404 unknown; 410 revoked or expired). */
export async function openShareLink(ctx: ApiContext, token: string): Promise<ShareLinkRow> {
  const row = await findShareLinkByHash(ctx.db, hashShareToken(token));
  if (!row) throw new AppError(404, 'share_link_not_found', 'This share link does not exist');
  const status = linkStatus(row, ctx.now());
  if (status === 'revoked')
    throw new AppError(410, 'share_link_revoked', 'This share link was revoked by its owner');
  if (status === 'expired') throw new AppError(410, 'share_link_expired', 'This share link has expired');
  return row;
}
