import { withoutControlCharacters } from '@fluxion/contract';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { refreshInstallationOrRetry, refreshInstallationRepositories } from '../installations/sync.ts';

/** GitHub's installation object as webhooks carry it (the parts Fluxion keeps). */
const installationSchema = z
  .object({
    id: z.number().int().positive(),
    account: z
      .object({ login: z.string().min(1), type: z.string().optional() })
      .loose()
      .nullable(),
    repository_selection: z.enum(['all', 'selected']).optional(),
    permissions: z.record(z.string(), z.string()).optional(),
    suspended_at: z.string().nullish(),
  })
  .loose();

/** `installation`: created, deleted, suspend, unsuspend, new_permissions_accepted. */
export const installationEventSchema = z
  .object({ action: z.string(), installation: installationSchema })
  .loose();

/** `installation_repositories`: added, removed (repositories of a `selected` installation changed). */
export const installationRepositoriesEventSchema = z
  .object({
    action: z.string(),
    installation: installationSchema,
    repository_selection: z.enum(['all', 'selected']).optional(),
  })
  .loose();

export const INSTALLATION_EVENTS = ['installation', 'installation_repositories'] as const;
export type InstallationEventName = (typeof INSTALLATION_EVENTS)[number];

export function isInstallationEvent(event: string): event is InstallationEventName {
  return (INSTALLATION_EVENTS as readonly string[]).includes(event);
}

export type InstallationDelivery =
  | { ok: true; status: string }
  | { ok: false; message: string; field?: string };

/**
 * A delivery only names the installation to look at: GitHub's current view is applied each time
 * (`GET /app/installations/{id}`), never the payload, so twice, late, out of order or forged end in the
 * state GitHub has. Not deduplicated by delivery for that reason.
 */
export async function handleInstallationDelivery(
  ctx: AppContext,
  event: InstallationEventName,
  payload: unknown,
): Promise<InstallationDelivery> {
  const schema = event === 'installation' ? installationEventSchema : installationRepositoriesEventSchema;
  const parsed = withoutControlCharacters(schema).safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    return {
      ok: false,
      message: `Not an ${event} payload${field ? `: ${field}: ${issue?.message}` : ''}`,
      ...(field ? { field } : {}),
    };
  }
  if (!ctx.config.github.app) return { ok: true, status: 'ignored: no GitHub App configured' };
  const { action, installation } = parsed.data;
  const applied =
    event === 'installation'
      ? await refreshInstallationOrRetry(ctx, installation.id)
      : await refreshInstallationRepositories(ctx, installation.id);
  return { ok: true, status: `${event} ${action}: ${applied}` };
}
