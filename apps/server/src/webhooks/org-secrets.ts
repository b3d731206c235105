import type { AppContext } from '../context.ts';
import { orgRole } from '../github/org-membership.ts';
import { forbidden } from '../http/errors.ts';
import { decryptSecret, encryptSecret } from '../users/secret-box.ts';

/**
 * Each organization's own webhook secret (docs/github.md, "Organization webhooks"): an organization's
 * webhook is set up by one of its owners on GitHub, with a secret that owner sets here too, so a delivery
 * signed with it speaks for that organization only. Sealed at rest as GitHub tokens are, never logged.
 */

/**
 * The events Fluxion reads, for an organization's webhook as for the GitHub App: moves, and the sub-issues
 * and dependencies of issue 36 (docs/github.md).
 */
export const WEBHOOK_EVENTS = ['projects_v2_item', 'sub_issues', 'issue_dependencies'] as const;

/** What Fluxion answers about an organization's webhook: where GitHub sends it, never the secret. */
export type OrgWebhook = {
  org: string;
  payload_url: string;
  content_type: 'application/json';
  events: (typeof WEBHOOK_EVENTS)[number][];
  secret_set: boolean;
  set_by: string | null;
  set_at: string | null;
  /** Whether the asking user may set the secret (GitHub says they own the organization). */
  can_set: boolean;
};

const key = (org: string) => org.toLowerCase();

/** The organization's own webhook secret, or null when none was set. */
export async function orgWebhookSecret(ctx: AppContext, org: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('org_webhook_secrets')
    .select('sealed_secret')
    .where('org_login', '=', key(org))
    .executeTakeFirst();
  return row ? decryptSecret(row.sealed_secret, ctx.config.tokenEncryptionKey) : null;
}

async function storedSetting(ctx: AppContext, org: string) {
  return ctx.db
    .selectFrom('org_webhook_secrets')
    .select(['set_by', 'set_at'])
    .where('org_login', '=', key(org))
    .executeTakeFirst();
}

/** The organization's webhook as its members see it; 403 for anyone GitHub does not call a member. */
export async function describeOrgWebhook(
  ctx: AppContext,
  user: { id: string },
  org: string,
): Promise<OrgWebhook> {
  const role = await orgRole(ctx, user.id, org);
  if (role !== 'admin' && role !== 'member') throw forbidden(notMemberMessage(org, role));
  const stored = await storedSetting(ctx, org);
  return {
    org,
    payload_url: `${ctx.config.publicUrl}/webhooks/github`,
    content_type: 'application/json',
    events: [...WEBHOOK_EVENTS],
    secret_set: stored !== undefined,
    set_by: stored?.set_by ?? null,
    set_at: stored ? new Date(stored.set_at).toISOString() : null,
    can_set: role === 'admin',
  };
}

/** Sets (or replaces) the organization's webhook secret: only an owner of it on GitHub, asked now. */
export async function setOrgWebhookSecret(
  ctx: AppContext,
  user: { id: string; username: string },
  org: string,
  secret: string,
): Promise<OrgWebhook> {
  const role = await orgRole(ctx, user.id, org, { fresh: true });
  if (role !== 'admin') {
    throw forbidden(
      role === 'member'
        ? `Only an owner of ${org} on GitHub sets its webhook secret (GitHub lets only owners add organization webhooks)`
        : notMemberMessage(org, role),
    );
  }
  const row = {
    org_login: key(org),
    sealed_secret: encryptSecret(secret, ctx.config.tokenEncryptionKey),
    set_by: user.username,
    set_at: ctx.now(),
  };
  await ctx.db
    .insertInto('org_webhook_secrets')
    .values(row)
    .onConflict((oc) =>
      oc.column('org_login').doUpdateSet({
        sealed_secret: row.sealed_secret,
        set_by: row.set_by,
        set_at: row.set_at,
      }),
    )
    .execute();
  return describeOrgWebhook(ctx, user, org);
}

function notMemberMessage(org: string, role: string): string {
  return role === 'unverifiable'
    ? `Fluxion cannot check who belongs to ${org} on GitHub: the Fluxion GitHub App lacks the organization permission "Members: read" there`
    : `GitHub does not list you as a member of ${org}`;
}
