import {
  type BlockedField,
  type BreakdownField,
  instantMs,
  withoutControlCharacters,
} from '@fluxion/contract';
import { z } from 'zod';
import type { WorkflowFieldRef } from '../boards/workflow-field.ts';
import type { IterationEdit } from '../iterations/iteration-diff.ts';
import { blockedFieldKey, recordedBlockedValue } from '../tracked-boards/blocked-field.ts';
import { breakdownFieldKey } from '../tracked-boards/breakdown-field.ts';

/** An instant as GitHub writes it ("2026-11-01T09:00:00Z"), read by the contract's one reader of dates. */
const instant = z
  .string()
  .refine((text) => instantMs(text) !== null, 'must be an ISO 8601 date and time with its zone');

/**
 * A single-select option. Another field's value (a number, an iteration, a text, a date) reads as null here,
 * so that its edit is not refused whole: `interpretIterationEdit` reads the iteration fields' values from the payload.
 */
const option = z.object({ id: z.string().nullish(), name: z.string() }).loose().nullish().catch(null);

/** The parts of GitHub's `projects_v2_item` webhook payload that the collector reads. */
export const projectsV2ItemEventSchema = withoutControlCharacters(
  z
    .object({
      action: z.string(),
      /** The organization whose board it is (GitHub always names it; an organization webhook must). */
      organization: z.object({ login: z.string() }).loose().nullish(),
      projects_v2_item: z
        .object({
          node_id: z.string(),
          project_node_id: z.string(),
          content_type: z.string().nullish(),
          updated_at: instant,
          archived_at: instant.nullish(),
        })
        .loose(),
      changes: z
        .object({
          field_value: z
            .object({
              field_type: z.string().nullish(),
              field_node_id: z.string().nullish(),
              field_name: z.string().nullish(),
              from: option,
              to: option,
            })
            .loose()
            .optional(),
        })
        .loose()
        .optional(),
    })
    .loose(),
);
export type ProjectsV2ItemEvent = z.infer<typeof projectsV2ItemEventSchema>;

export type WebhookEffect =
  | {
      kind: 'move';
      projectId: string;
      itemId: string;
      from: string | null;
      to: string | null;
      at: number;
      /** An archiving: the item leaves the board archived (a board may leave archived items out). */
      archived?: true;
    }
  /** `full`: the board's column list is stale too (a column this board does not know). */
  | { kind: 'resync'; projectId: string; full: boolean }
  /**
   * A new value (null: cleared) of the board's blocked field (docs/metrics.md, "Blocked time") or its
   * breakdown field ("Breakdown"), or both when the team picked one field for both: each filed under its key.
   */
  | {
      kind: 'field';
      itemId: string;
      values: { field: string; value: string | null; what: 'blocked' | 'breakdown' }[];
      at: number;
      /** Known by its id, the payload names it otherwise than stored: the name GitHub gave it then. */
      renamed?: string;
    }
  | { kind: 'ignore'; reason: string };

/**
 * What one event means for a board whose Status columns are `columns`, received at `receivedAt`. Pure;
 * the caller does the I/O. A deleted item's `updated_at` is its last change before deletion (often its
 * last move), so a deletion is dated when it is reported; an archiving by its `archived_at`.
 */
export function interpretItemEvent(
  event: ProjectsV2ItemEvent,
  columns: readonly string[],
  receivedAt: number,
  workflow: BoardWorkflow = STATUS_WORKFLOW,
): WebhookEffect {
  const item = event.projects_v2_item;
  // The schema checked both: a move is never stored without its instant.
  const at = instantMs(item.updated_at) ?? Number.NaN;
  const base = { projectId: item.project_node_id, itemId: item.node_id };
  switch (event.action) {
    case 'archived':
      return {
        kind: 'move',
        ...base,
        from: null,
        to: null,
        at: instantMs(item.archived_at ?? item.updated_at) ?? Number.NaN,
        archived: true,
      };
    case 'deleted':
      return { kind: 'move', ...base, from: null, to: null, at: receivedAt };
    case 'created':
    case 'restored':
    // A draft made an issue: the same item, its content now the issue (its title, number, repository).
    case 'converted':
      return { kind: 'resync', projectId: item.project_node_id, full: false };
    case 'reordered':
      return { kind: 'ignore', reason: 'the order on the board is not kept' };
    case 'edited':
      return interpretEdit(event, columns, workflow, base, at);
    default:
      return { kind: 'ignore', reason: `action ${event.action}` };
  }
}

/**
 * The board's workflow field (its id when known, and name) and its options' ids → current names: GitHub's
 * payload names an option as it was called then, so a renamed one is recognised by its id.
 */
export type BoardWorkflow = {
  field: WorkflowFieldRef;
  optionNames: ReadonlyMap<string, string>;
  /** The field the team names as its blocked marker (its node id when saved with one), if any. */
  blockedField?: BlockedField | null;
  /** The field Flow splits the work by (docs/metrics.md, "Breakdown"), if the team picked one. */
  breakdownField?: BreakdownField | null;
};
const STATUS_WORKFLOW: BoardWorkflow = { field: { id: null, name: 'Status' }, optionNames: new Map() };

function interpretEdit(
  event: ProjectsV2ItemEvent,
  columns: readonly string[],
  workflow: BoardWorkflow,
  base: { projectId: string; itemId: string },
  at: number,
): WebhookEffect {
  const change = event.changes?.field_value;
  if (change?.field_type !== 'single_select') return { kind: 'ignore', reason: 'not a single-select change' };
  if (!isWorkflowField(change, workflow.field)) return recordedFieldEdit(change, workflow, base.itemId, at);
  const nameOf = (o: { id?: string | null; name: string } | null | undefined) =>
    o ? ((o.id ? workflow.optionNames.get(o.id) : undefined) ?? o.name) : null;
  const from = nameOf(change.from);
  const to = nameOf(change.to);
  const known = (name: string | null) => name !== null && columns.includes(name);
  if (!known(from) && !known(to)) return { kind: 'resync', projectId: base.projectId, full: true };
  if (!Number.isFinite(at)) return { kind: 'ignore', reason: 'no valid updated_at' };
  return { kind: 'move', ...base, from, to, at };
}

/**
 * An edit of the board's blocked field, known by its node id (renamed or not; a payload without
 * `field_name` too), or by its name when saved without one: its new value as recorded (tracked-boards/blocked-field.ts,
 * `recordedBlockedValue`), at the item's updated_at, filed under the field's key; and of its breakdown
 * field, known by its node id: the new option's name. A late or repeated delivery writes the same row
 * (its key), and the history is read by its dates, so arriving late changes nothing.
 */
function recordedFieldEdit(
  change: {
    field_node_id?: string | null;
    field_name?: string | null;
    to?: { id?: string | null; name: string } | null;
  },
  workflow: BoardWorkflow,
  itemId: string,
  at: number,
): WebhookEffect {
  const blocked = workflow.blockedField;
  const breakdown = workflow.breakdownField;
  const isBlocked = !!blocked && isBlockedField(change, blocked);
  const isBreakdown = !!breakdown && !!change.field_node_id && change.field_node_id === breakdown.id;
  if (!isBlocked && !isBreakdown) return { kind: 'ignore', reason: 'not the workflow field' };
  if (!Number.isFinite(at)) return { kind: 'ignore', reason: 'no valid updated_at' };
  const values: Extract<WebhookEffect, { kind: 'field' }>['values'] = [];
  if (blocked && isBlocked)
    values.push({
      field: blockedFieldKey(blocked),
      value: recordedBlockedValue(blocked, change.to ?? null),
      what: 'blocked',
    });
  if (breakdown && isBreakdown)
    values.push({ field: breakdownFieldKey(breakdown), value: change.to?.name ?? null, what: 'breakdown' });
  const storedName =
    isBlocked && blocked?.field_id ? blocked.name : isBreakdown ? breakdown?.name : undefined;
  const renamed = storedName !== undefined && change.field_name && change.field_name !== storedName;
  return { kind: 'field', itemId, values, at, ...(renamed ? { renamed: change.field_name as string } : {}) };
}

function isBlockedField(
  change: { field_node_id?: string | null; field_name?: string | null },
  field: BlockedField,
): boolean {
  if (field.field_id && change.field_node_id) return change.field_node_id === field.field_id;
  return !field.field_id && change.field_name === field.name;
}

/** The node ids of the board's Iteration field and chosen estimate field (null: none). */
export type IterationFieldIds = { iteration: string | null; estimate: string | null };

/** An edit of a field's value as GitHub's payload carries it: the field's node id and the new value. */
const fieldEditSchema = z
  .object({
    action: z.literal('edited'),
    projects_v2_item: z.object({ node_id: z.string(), updated_at: instant }).loose(),
    changes: z.object({
      field_value: z.object({ field_node_id: z.string(), to: z.unknown().optional() }).loose(),
    }),
  })
  .loose();

/**
 * What an `edited` event of an Iteration or Number field means for the board's iterations (docs/metrics.md,
 * "Iterations and estimates"), matched by the field's node id: the item's new iteration (by id) or
 * estimate at the item's `updated_at`; `resync` when the payload does not carry the new value (the next
 * listing reads it); null when the event is not an edit of the board's iteration fields. Pure.
 */
export function interpretIterationEdit(
  payload: unknown,
  fields: IterationFieldIds,
): IterationFieldEffect | null {
  const parsed = fieldEditSchema.safeParse(payload);
  if (!parsed.success) return null;
  const { projects_v2_item: item, changes } = parsed.data;
  const { field_node_id: fieldId, to } = changes.field_value;
  const at = instantMs(item.updated_at) ?? Number.NaN;
  const part = fieldId === fields.iteration ? 'iteration' : fieldId === fields.estimate ? 'estimate' : null;
  if (part === null) return null;
  const itemId = item.node_id;
  if (part === 'iteration') {
    const value = iterationIdOf(to);
    return value === undefined ? { kind: 'resync' } : { kind: 'edit', edit: { itemId, at, part, value } };
  }
  const value = estimateOf(to);
  return value === undefined ? { kind: 'resync' } : { kind: 'edit', edit: { itemId, at, part, value } };
}

export type IterationFieldEffect = { kind: 'edit'; edit: IterationEdit } | { kind: 'resync' };

/** An iteration (`{id, title, duration, start_date}`) by its id; null when cleared; undefined: not said. */
function iterationIdOf(value: unknown): string | null | undefined {
  if (value === null) return null;
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * A number, which GitHub's webhook schema types as an integer or a string ("2.5"); null when cleared;
 * undefined: not said.
 */
function estimateOf(value: unknown): number | null | undefined {
  if (value === null) return null;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** By the field's node id where both sides know it (a renamed field keeps it), else by its name. */
function isWorkflowField(
  change: { field_node_id?: string | null; field_name?: string | null },
  field: WorkflowFieldRef,
): boolean {
  if (change.field_node_id && field.id) return change.field_node_id === field.id;
  return !change.field_name || change.field_name === field.name;
}
