import type { BlockedField, FlowPolicies } from '@fluxion/contract';
import type { AppContext } from '../context.ts';
import type { GithubClient } from '../github/client.ts';
import { readAsUser } from '../github/for-user.ts';
import type { Board } from '../db/schema.ts';
import type { GithubProjectItem, GithubSingleSelectField } from '../github/types.ts';
import type { ObservedFieldValue } from '../move-log/field-changes.ts';
import { boardFlowPolicies, saveFlowPolicies } from './flow-policies.ts';
import { refileFieldValues } from '../move-log/field-changes.ts';
import { replaceFlowPolicies } from '../boards/repository.ts';
import type { Db } from '../db/connection.ts';
import { badRequest } from '../http/errors.ts';
import { fromGithubError, INTERACTIVE } from './github-errors.ts';

const FIELD = 'flow_policies.blocked_field';

/*
 * The blocked field: a single-select field of the board and one of its options that mark an item
 * blocked (docs/metrics.md, "Blocked time"), saved in the board's flow policies. Checking a request's
 * choice against GitHub, following a rename or deletion there, and what its recorded values are filed
 * under, here; GitHub's listing asks it (github/queries.ts), the move log keeps its values
 * (move-log/field-changes.ts).
 */

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

/** The board field whose values the collector records (its blocked field), if the team named one. */
export function storedBlockedField(stored: string | null): BlockedField | null {
  return boardFlowPolicies(stored).blocked_field ?? null;
}

/**
 * What the blocked field's recorded values are filed under (`field_value_changes.field`): its GitHub node
 * id, so a rename on GitHub keeps its history; its name when saved without one (before ids were stored).
 */
export function blockedFieldKey(field: BlockedField): string {
  return field.field_id ?? field.name;
}

/**
 * A value of the blocked field as recorded: the option saved as the marker (known by its id, however it
 * is called now) in the spelling it was saved with, any other by its name; null: none.
 */
export function recordedBlockedValue(
  field: BlockedField,
  value: { id?: string | null; name: string } | null,
): string | null {
  if (!value) return null;
  return field.option_id && value.id === field.option_id ? field.value : value.name;
}

/**
 * Whether saving `next` over `stored` gives a blocked field saved by name only (before ids were stored)
 * its id: its recorded values, filed under the name, are then filed under the id. Pure.
 */
export function blockedFieldGainsId(stored: BlockedField | undefined, next: BlockedField | undefined) {
  return Boolean(
    stored && !stored.field_id && next?.field_id && next.name.toLowerCase() === stored.name.toLowerCase(),
  );
}

/**
 * Stores the policies with the blocked field as GitHub has it now (renamed, or gone), unless they changed
 * since `read` was read (a save by the team meanwhile wins; the next full listing looks again).
 */
export async function storeBlockedFieldFromGithub(
  db: Db,
  boardId: string,
  read: string | null,
  policies: FlowPolicies,
): Promise<void> {
  if (read === null) return;
  await replaceFlowPolicies(db, boardId, read, JSON.stringify(policies));
}

/**
 * The board's blocked field; on a full listing, as the board's fields now have it: a field renamed on
 * GitHub is stored with its new name (shown, and asked by it from this listing on), found by its id; one
 * deleted there leaves the board without a blocked field, as a deleted estimate field does (its recorded
 * values stay, unused).
 */
export async function currentBlockedField(
  ctx: AppContext,
  board: Board,
  fields: readonly GithubSingleSelectField[] | null,
): Promise<BlockedField | null> {
  const policies = boardFlowPolicies(board.flow_policies);
  const stored = policies.blocked_field ?? null;
  if (!stored || !fields) return stored;
  if (blockedFieldGone(fields, stored)) {
    const { blocked_field: _gone, ...rest } = policies;
    await storeBlockedFieldFromGithub(ctx.db, board.id, board.flow_policies, rest);
    return null;
  }
  const renamed = renamedBlockedField(fields, stored);
  if (!renamed) return stored;
  await storeBlockedFieldFromGithub(ctx.db, board.id, board.flow_policies, {
    ...policies,
    blocked_field: renamed,
  });
  return renamed;
}

/** A listed item's value of the blocked field; none for a REDACTED item (its values are not readable). */
export function blockedFieldValue(field: BlockedField, item: GithubProjectItem): ObservedFieldValue[] {
  if (item.type === 'REDACTED') return [];
  const listed = item.blockedField;
  const setAt = item.blockedField?.updatedAt ? Date.parse(item.blockedField.updatedAt) : Number.NaN;
  const itemUpdatedAt = item.updatedAt ? Date.parse(item.updatedAt) : Number.NaN;
  return [
    {
      itemId: item.id,
      value: recordedBlockedValue(field, listed ? { id: listed.optionId, name: listed.value } : null),
      setAt: Number.isFinite(setAt) ? setAt : null,
      itemUpdatedAt: Number.isFinite(itemUpdatedAt) ? itemUpdatedAt : null,
    },
  ];
}

/** Saves the policies over the stored ones; a blocked field that gains its id keeps its recorded values. */
export async function saveFlowPoliciesOver(
  db: Db,
  boardId: string,
  stored: FlowPolicies,
  policies: FlowPolicies,
): Promise<void> {
  const before = stored.blocked_field;
  const after = policies.blocked_field;
  if (!before || !after?.field_id || !blockedFieldGainsId(before, after))
    return saveFlowPolicies(db, boardId, policies);
  const fieldId = after.field_id;
  await db.transaction().execute(async (trx) => {
    await refileFieldValues(trx, boardId, before.name, fieldId);
    await saveFlowPolicies(trx, boardId, policies);
  });
}
