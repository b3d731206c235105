import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { userGithubToken } from '../github/user-token.ts';
import { AppError } from '../http/errors.ts';
import type { Channels } from './channels.ts';

/**
 * A digest or alert goes only to an address that is the user's (docs/operations.md, "Digest and alerts"):
 * one GitHub lists as their verified e-mail (`GET /user/emails`, `verified: true`), or one whose
 * confirmation link they followed. The link is a signed token that expires after `LINK_TTL_MS` and works
 * once: it names the row's current nonce, which confirming (or sending a new link) replaces.
 */

export type EmailStatus = 'confirmed' | 'waiting';

/** How long a confirmation link works. */
export const LINK_TTL_MS = 7 * 24 * 3_600_000;
/** The least time between two confirmation e-mails to one address (a resend sooner is a 429). */
export const RESEND_AFTER_MS = 60_000;

const normal = (email: string) => email.trim().toLowerCase();

/** Whether the user's address is confirmed theirs, waiting for its link, or unknown (null). */
export async function emailStatus(
  ctx: AppContext,
  userId: string,
  email: string,
): Promise<EmailStatus | null> {
  const row = await ctx.db
    .selectFrom('email_confirmations')
    .select('confirmed_at')
    .where('user_id', '=', userId)
    .where('email', '=', normal(email))
    .executeTakeFirst();
  if (!row) return null;
  return row.confirmed_at !== null ? 'confirmed' : 'waiting';
}

/**
 * The user's e-mail addresses GitHub says are verified, in lower case. GitHub refusing (an OAuth token
 * without `user:email`, an App without the "Email addresses" user permission) or failing is no list: the
 * address is then confirmed by link.
 */
export async function verifiedGithubEmails(ctx: AppContext, userId: string): Promise<string[]> {
  try {
    const { token } = await userGithubToken(ctx, userId);
    const response = await fetch(`${ctx.config.github.apiUrl.replace(/\/$/, '')}/user/emails?per_page=100`, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
      },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) return [];
    const emails = (await response.json()) as { email?: unknown; verified?: unknown }[];
    return emails
      .filter((e) => e.verified === true && typeof e.email === 'string')
      .map((e) => normal(e.email as string));
  } catch (error) {
    ctx.log?.warn({ userId, reason: (error as Error).message }, 'GitHub did not list the user’s e-mails');
    return [];
  }
}

/**
 * The address was saved for digests or alerts: confirmed at once when GitHub lists it verified; otherwise
 * it waits, and its confirmation link is e-mailed (not again within `RESEND_AFTER_MS`).
 */
export async function requireConfirmation(
  ctx: AppContext,
  channels: Channels,
  userId: string,
  email: string,
): Promise<EmailStatus> {
  const address = normal(email);
  const now = ctx.now();
  if ((await emailStatus(ctx, userId, address)) === 'confirmed') return 'confirmed';
  if ((await verifiedGithubEmails(ctx, userId)).includes(address)) {
    await upsert(
      ctx,
      { user_id: userId, email: address, confirmed_at: now, nonce: null, sent_at: null },
      now,
    );
    return 'confirmed';
  }
  const row = await findRow(ctx, userId, address);
  if (row?.sent_at != null && now - Number(row.sent_at) < RESEND_AFTER_MS) return 'waiting';
  await sendLink(ctx, channels, userId, address);
  return 'waiting';
}

/** "Resend": a new link (the old one stops working); 429 within `RESEND_AFTER_MS` of the last. */
export async function resendConfirmation(
  ctx: AppContext,
  channels: Channels,
  userId: string,
  email: string,
): Promise<void> {
  const address = normal(email);
  const row = await findRow(ctx, userId, address);
  if (row?.confirmed_at != null) return;
  const wait = row?.sent_at != null ? Number(row.sent_at) + RESEND_AFTER_MS - ctx.now() : 0;
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new AppError(
      429,
      'rate_limited',
      `A confirmation link was sent less than a minute ago; try again in ${seconds} s`,
    );
  }
  await sendLink(ctx, channels, userId, address);
}

/** Follows a confirmation link: the address confirmed, or null when the link is not valid any more. */
export async function confirmEmail(ctx: AppContext, token: string): Promise<{ email: string } | null> {
  const link = readLink(token, ctx.config.jwtSecret);
  if (!link || link.expiresAt < ctx.now()) return null;
  const confirmed = await ctx.db
    .updateTable('email_confirmations')
    .set({ confirmed_at: ctx.now(), nonce: null })
    .where('user_id', '=', link.userId)
    .where('email', '=', link.email)
    .where('nonce', '=', link.nonce)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(confirmed.numUpdatedRows) === 1 ? { email: link.email } : null;
}

async function findRow(ctx: AppContext, userId: string, email: string) {
  return ctx.db
    .selectFrom('email_confirmations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
}

type RowValues = {
  user_id: string;
  email: string;
  confirmed_at: number | null;
  nonce: string | null;
  sent_at: number | null;
};

async function upsert(ctx: AppContext, row: RowValues, now: number): Promise<void> {
  await ctx.db
    .insertInto('email_confirmations')
    .values({ ...row, created_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'email']).doUpdateSet({
        confirmed_at: row.confirmed_at,
        nonce: row.nonce,
        sent_at: row.sent_at,
      }),
    )
    .execute();
}

async function sendLink(ctx: AppContext, channels: Channels, userId: string, email: string): Promise<void> {
  const now = ctx.now();
  const nonce = randomBytes(16).toString('base64url');
  await upsert(ctx, { user_id: userId, email, confirmed_at: null, nonce, sent_at: now }, now);
  if (!channels.email) return;
  const token = signLink({ userId, email, nonce, expiresAt: now + LINK_TTL_MS }, ctx.config.jwtSecret);
  const url = `${ctx.config.publicUrl}/api/notifications/confirm-email/?token=${encodeURIComponent(token)}`;
  await channels
    .email({
      to: email,
      messageId: `<confirm-${nonce}@fluxion>`,
      subject: 'Confirm your e-mail address for Fluxion Analytics',
      text: `Someone (we hope you) asked Fluxion Analytics to send digests and alerts to ${email}.\n\nConfirm it within 7 days: ${url}\n\nIf it was not you, ignore this e-mail: nothing will be sent to this address.`,
      html: `<p>Someone (we hope you) asked Fluxion Analytics to send digests and alerts to ${escapeHtml(email)}.</p><p><a href="${escapeHtml(url)}">Confirm this address</a> within 7 days.</p><p>If it was not you, ignore this e-mail: nothing will be sent to this address.</p>`,
    })
    .catch((error: unknown) => {
      ctx.log?.warn({ userId, reason: (error as Error).message }, 'the confirmation e-mail was not sent');
    });
}

type Link = { userId: string; email: string; nonce: string; expiresAt: number };

const signature = (payload: string, secret: string) =>
  createHmac('sha256', `fluxion-email-confirmation:${secret}`).update(payload).digest('base64url');

function signLink(link: Link, secret: string): string {
  const payload = Buffer.from(JSON.stringify([link.userId, link.email, link.nonce, link.expiresAt])).toString(
    'base64url',
  );
  return `${payload}.${signature(payload, secret)}`;
}

function readLink(token: string, secret: string): Link | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(payload, secret));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const [userId, email, nonce, expiresAt] = JSON.parse(
      Buffer.from(payload, 'base64url').toString('utf8'),
    ) as unknown[];
    if (typeof userId !== 'string' || typeof email !== 'string' || typeof nonce !== 'string') return null;
    if (typeof expiresAt !== 'number') return null;
    return { userId, email, nonce, expiresAt };
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
