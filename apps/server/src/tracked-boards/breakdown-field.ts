import { type BreakdownField, breakdownFieldSchema } from '@fluxion/contract';
import type { AppContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import type { GithubClient } from '../github/client.ts';
import { readAsUser } from '../github/for-user.ts';
import type { GithubProjectItem, GithubSingleSelectField } from '../github/types.ts';
import { badRequest } from '../http/errors.ts';
import type { ObservedFieldValue } from '../move-log/field-changes.ts';
import { replaceBreakdownField, scheduleResync, setBreakdownField } from '../boards/repository.ts';
import type { Db } from '../db/connection.ts';
import { fromGithubError, INTERACTIVE } from './github-errors.ts';

/*
 * The breakdown field (docs/metrics.md, "Breakdown"): a single-select field of the board, other than its
 * workflow field, that Flow splits the work by instead of the issue type. Stored on the board
 * (`boards.breakdown_field`, shared like the calendar); checking a request's choice against GitHub, following
 * a rename or deletion there, and reading its values from a listing, here. GitHub's listing asks it
 * (github/queries.ts `breakdown`), the move log keeps its values (move-log/field-changes.ts).
 */

const FIELD = 'breakdown_field_id';

/** The stored field (validated); null: by issue type, or a stored value that does not parse. */
export function storedBreakdownField(stored: string | null): BreakdownField | null {
  if (stored === null) return null;
  try {
    const parsed = breakdownFieldSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The field the analyses split by now: none when the team picked none, or GitHub deleted it. */
export function usableBreakdownField(stored: string | null): BreakdownField | null {
  const field = storedBreakdownField(stored);
  return field && !field.gone ? field : null;
}

/**
 * The requested field as the board has it: one of its single-select fields (by node id), never the
 * workflow field (its values are the columns); anything else is a 400 naming `breakdown_field_id`. Pure.
 */
export function breakdownFieldOfBoard(
  fields: readonly GithubSingleSelectField[],
  requestedId: string,
  workflowFieldId: string | null,
): BreakdownField {
  const field = fields.find((f) => f.id === requestedId);
  if (!field) {
    const names = fields.map((f) => `"${f.name}"`).join(', ') || 'none';
    throw badRequest(
      `${FIELD}: not a single-select field of this board (its single-select fields: ${names})`,
      FIELD,
    );
  }
  if (field.id === workflowFieldId)
    throw badRequest(
      `${FIELD}: "${field.name}" is the board's workflow field: its values are the columns, so the work cannot be split by it`,
      FIELD,
    );
  return { id: field.id, name: field.name };
}

/** The requested breakdown field checked against the board's fields on GitHub (one call); null: issue type. */
export async function breakdownFieldChoice(
  ctx: AppContext,
  userId: string,
  projectId: string,
  fieldId: string | null,
  workflowFieldId: string | null,
): Promise<BreakdownField | null> {
  if (fieldId === null) return null;
  const read = (client: GithubClient) => client.getProjectFields(projectId);
  const fields = await readAsUser(ctx, userId, INTERACTIVE, read).catch(fromGithubError);
  return breakdownFieldOfBoard(fields?.fields ?? [], fieldId, workflowFieldId);
}

/**
 * What the field's recorded values are filed under (`field_value_changes.field`): its node id with a
 * prefix, apart from the blocked field's history even when the team picks the same field for both.
 */
export function breakdownFieldKey(field: Pick<BreakdownField, 'id'>): string {
  return `breakdown:${field.id}`;
}

/** The stored field as GitHub's fields have it now (renamed: its new name; deleted: marked gone). Pure. */
export function breakdownFieldNow(
  fields: readonly GithubSingleSelectField[],
  stored: BreakdownField,
): BreakdownField {
  if (stored.gone) return stored;
  const found = fields.find((f) => f.id === stored.id);
  if (!found) return { ...stored, gone: true };
  return found.name === stored.name ? stored : { ...stored, name: found.name };
}

/**
 * The board's breakdown field; on a full listing, as its fields now have it: renamed on GitHub, it is
 * stored with its new name (and asked by it); deleted there, it is kept marked gone, so the analyses split
 * by issue type and say why (its recorded values stay). Null: none to read.
 */
export async function currentBreakdownField(
  ctx: AppContext,
  board: Board,
  fields: readonly GithubSingleSelectField[] | null,
): Promise<BreakdownField | null> {
  const stored = storedBreakdownField(board.breakdown_field);
  if (!stored || stored.gone) return null;
  if (!fields) return stored;
  const now = breakdownFieldNow(fields, stored);
  if (now !== stored && board.breakdown_field !== null)
    await replaceBreakdownField(ctx.db, board.id, board.breakdown_field, JSON.stringify(now));
  return now.gone ? null : now;
}

/** Listed items' values of the breakdown field; none for a REDACTED item (its values are not readable). */
export function breakdownFieldValues(items: readonly GithubProjectItem[]): ObservedFieldValue[] {
  return items.flatMap((item): ObservedFieldValue[] => {
    if (item.type === 'REDACTED') return [];
    const listed = item.breakdownField;
    const setAt = listed?.updatedAt ? Date.parse(listed.updatedAt) : Number.NaN;
    const itemUpdatedAt = item.updatedAt ? Date.parse(item.updatedAt) : Number.NaN;
    return [
      {
        itemId: item.id,
        value: listed?.value ?? null,
        setAt: Number.isFinite(setAt) ? setAt : null,
        itemUpdatedAt: Number.isFinite(itemUpdatedAt) ? itemUpdatedAt : null,
      },
    ];
  });
}

/** What the analyses say when the team's field is gone: they split by issue type instead. */
export function breakdownFallbackNote(field: BreakdownField | null): string | undefined {
  if (!field?.gone) return undefined;
  return `The field "${field.name}" was deleted on GitHub: the work is split by issue type instead. Pick another field in Edit project.`;
}

/**
 * Saves the team's choice; a newly picked field is read at once (a full listing is due now, which records
 * each item's value dated by GitHub), not at the next hourly one.
 */
export async function saveBreakdownField(db: Db, boardId: string, field: BreakdownField | null, now: number) {
  const row = await db
    .selectFrom('boards')
    .select('breakdown_field')
    .where('id', '=', boardId)
    .executeTakeFirst();
  const before = storedBreakdownField(row?.breakdown_field ?? null);
  if (before?.id === field?.id && !before?.gone) return;
  await setBreakdownField(db, boardId, field ? JSON.stringify(field) : null);
  if (field) await scheduleResync(db, boardId, now, true);
}
