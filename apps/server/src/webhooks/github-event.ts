import { instantMs } from '@fluxion/contract';
import { z } from 'zod';
import type { WorkflowFieldRef } from '../github/types.ts';

/** An instant as GitHub writes it ("2026-11-01T09:00:00Z"), read by the contract's one reader of dates. */
const instant = z
  .string()
  .refine((text) => instantMs(text) !== null, 'must be an ISO 8601 date and time with its zone');

const option = z.object({ id: z.string().nullish(), name: z.string() }).loose().nullish();

/** The parts of GitHub's `projects_v2_item` webhook payload that the collector reads. */
export const projectsV2ItemEventSchema = z
  .object({
    action: z.string(),
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
  .loose();
export type ProjectsV2ItemEvent = z.infer<typeof projectsV2ItemEventSchema>;

export type WebhookEffect =
  | { kind: 'move'; projectId: string; itemId: string; from: string | null; to: string | null; at: number }
  /** `full`: the board's column list is stale too (a column this board does not know). */
  | { kind: 'resync'; projectId: string; full: boolean }
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
      };
    case 'deleted':
      return { kind: 'move', ...base, from: null, to: null, at: receivedAt };
    case 'created':
    case 'restored':
    case 'converted':
      return { kind: 'resync', projectId: item.project_node_id, full: false };
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
export type BoardWorkflow = { field: WorkflowFieldRef; optionNames: ReadonlyMap<string, string> };
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
  if (!isWorkflowField(change, workflow.field)) return { kind: 'ignore', reason: 'not the workflow field' };
  const nameOf = (o: { id?: string | null; name: string } | null | undefined) =>
    o ? ((o.id ? workflow.optionNames.get(o.id) : undefined) ?? o.name) : null;
  const from = nameOf(change.from);
  const to = nameOf(change.to);
  const known = (name: string | null) => name !== null && columns.includes(name);
  if (!known(from) && !known(to)) return { kind: 'resync', projectId: base.projectId, full: true };
  if (!Number.isFinite(at)) return { kind: 'ignore', reason: 'no valid updated_at' };
  return { kind: 'move', ...base, from, to, at };
}

/** By the field's node id where both sides know it (a renamed field keeps it), else by its name. */
function isWorkflowField(
  change: { field_node_id?: string | null; field_name?: string | null },
  field: WorkflowFieldRef,
): boolean {
  if (change.field_node_id && field.id) return change.field_node_id === field.id;
  return !change.field_name || change.field_name === field.name;
}
