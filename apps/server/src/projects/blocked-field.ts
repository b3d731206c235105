import type { BlockedField } from '@fluxion/contract';
import type { AppContext } from '../context.ts';
import type { GithubClient } from '../github/client.ts';
import { readAsUser } from '../github/for-user.ts';
import type { GithubSingleSelectField } from '../github/types.ts';
import { badRequest } from '../http/errors.ts';
import { fromGithubError, INTERACTIVE } from './github-errors.ts';

const FIELD = 'flow_policies.blocked_field';

/**
 * The blocked field as the board has it (docs/metrics.md, "Blocked time"): one of its single-select
 * fields (by name, as typed) and one of that field's options (without case), each named as GitHub spells
 * it, with their node ids; a request naming anything else is a 400 naming `flow_policies.blocked_field`.
 * Pure.
 */
export function blockedFieldOfBoard(
  fields: readonly GithubSingleSelectField[],
  requested: BlockedField,
): BlockedField {
  const field =
    fields.find((f) => f.name === requested.name) ??
    fields.find((f) => f.name.toLowerCase() === requested.name.toLowerCase());
  if (!field) {
    const names = fields.map((f) => `"${f.name}"`).join(', ') || 'none';
    throw badRequest(
      `${FIELD}.name: "${requested.name}" is not a single-select field of this board (its fields: ${names})`,
      `${FIELD}.name`,
    );
  }
  const option = field.options.find((o) => o.name.toLowerCase() === requested.value.toLowerCase());
  if (!option) {
    const names = field.options.map((o) => `"${o.name}"`).join(', ');
    throw badRequest(
      `${FIELD}.value: "${field.name}" has no option "${requested.value}" (its options: ${names})`,
      `${FIELD}.value`,
    );
  }
  return { name: field.name, value: option.name, field_id: field.id, option_id: option.id };
}

/**
 * The stored blocked field as the board has it now, found by its field id: renamed on GitHub, it takes
 * the field's new name (its value keeps the spelling it was saved with: the recorded history uses it).
 * Unchanged, gone, or saved without an id: null. Pure.
 */
export function renamedBlockedField(
  fields: readonly GithubSingleSelectField[],
  stored: BlockedField,
): BlockedField | null {
  const field = stored.field_id ? fields.find((f) => f.id === stored.field_id) : undefined;
  if (!field || field.name === stored.name) return null;
  return { ...stored, name: field.name };
}

/** Whether GitHub no longer has the stored blocked field (deleted there; known by its id). Pure. */
export function blockedFieldGone(fields: readonly GithubSingleSelectField[], stored: BlockedField): boolean {
  return stored.field_id !== undefined && !fields.some((f) => f.id === stored.field_id);
}

/** The requested blocked field checked against the board's single-select fields on GitHub (one call). */
export async function checkedBlockedField(
  ctx: AppContext,
  userId: string,
  projectId: string,
  requested: BlockedField,
): Promise<BlockedField> {
  const read = (client: GithubClient) => client.getProjectFields(projectId);
  const fields = await readAsUser(ctx, userId, INTERACTIVE, read).catch(fromGithubError);
  return blockedFieldOfBoard(fields?.fields ?? [], requested);
}
