import { withoutControlCharacters } from '@fluxion/contract';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { endRevokedAuthorization } from '../github/user-token.ts';

export const AUTHORIZATION_EVENT = 'github_app_authorization';

/** `github_app_authorization`: a user revoked the App's authorization (GitHub sends `revoked` only). */
export const authorizationEventSchema = withoutControlCharacters(
  z
    .object({
      action: z.string(),
      sender: z.object({ id: z.number().int().positive(), login: z.string() }).loose(),
    })
    .loose(),
);

export type AuthorizationDelivery =
  | { ok: true; status: string }
  | { ok: false; message: string; field?: string };

/** The delivery names the user whose App token GitHub is asked about (github/user-token.ts). */
export async function handleAuthorizationDelivery(
  ctx: AppContext,
  payload: unknown,
): Promise<AuthorizationDelivery> {
  const parsed = authorizationEventSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    const detail = field ? `: ${field}: ${issue?.message}` : '';
    return {
      ok: false,
      message: `Not a github_app_authorization payload${detail}`,
      ...(field ? { field } : {}),
    };
  }
  const { action, sender } = parsed.data;
  if (action !== 'revoked') return { ok: true, status: `ignored: action ${action}` };
  return { ok: true, status: await endRevokedAuthorization(ctx, sender.id) };
}
