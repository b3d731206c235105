import {
  type BlockedField,
  controlCharacterPath,
  DEFAULT_FLOW_POLICIES,
  type FlowPolicies,
  flowPoliciesSchema,
  type SaveProjectRequest,
  wipLimitsFor,
} from '@fluxion/contract';
import type { FlowPolicyInput } from '@fluxion/flow';
import { replaceFlowPolicies, setFlowPolicies } from '../boards/repository.ts';
import { refileFieldValues } from '../move-log/field-changes.ts';
import type { Db } from '../db/connection.ts';
import { badRequest } from '../http/errors.ts';

/**
 * A board's flow policies (docs/metrics.md, "Service Level Expectation", "WIP limits", "Blocked time"):
 * stored as JSON on the board, shared by everyone who tracks it, set like the calendar.
 */

/** The stored policies, each part that does not read as valid falling back to its default. */
export function boardFlowPolicies(stored: string | null): FlowPolicies {
  if (stored === null) return DEFAULT_FLOW_POLICIES;
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(stored);
    if (parsed && typeof parsed === 'object') value = parsed as Record<string, unknown>;
  } catch {
    return DEFAULT_FLOW_POLICIES;
  }
  const shape = flowPoliciesSchema.shape;
  const part = <K extends keyof FlowPolicies>(key: K): FlowPolicies[K] => {
    const read = shape[key].safeParse(value[key]);
    if (!read.success) return DEFAULT_FLOW_POLICIES[key];
    // Saved before requests refused them: a label with a NUL fails every query that names it (PostgreSQL).
    if (controlCharacterPath(read.data) === null) return read.data as FlowPolicies[K];
    warnOnce(stored, key);
    return DEFAULT_FLOW_POLICIES[key];
  };
  const blockedField = part('blocked_field');
  const typeSles = part('type_sles');
  return {
    sle: part('sle'),
    wip_limits: part('wip_limits'),
    blocked_label: part('blocked_label'),
    ...(blockedField ? { blocked_field: blockedField } : {}),
    ...(typeSles && Object.keys(typeSles).length > 0 ? { type_sles: typeSles } : {}),
  };
}

const warned = new Set<string>();

/** Each unusable stored part is said once per process (the policies are read on every request). */
function warnOnce(stored: string, key: string): void {
  if (warned.has(stored)) return;
  if (warned.size >= 1000) warned.clear();
  warned.add(stored);
  console.warn(`A board's stored flow policies have a control character in ${key}: its default is used`);
}

/** The engine's input for them. */
export function enginePolicies(policies: FlowPolicies): FlowPolicyInput {
  return {
    sle: policies.sle,
    wipLimits: policies.wip_limits,
    blockedLabel: policies.blocked_label,
    blockedField: policies.blocked_field ?? null,
    ...(policies.type_sles ? { typeSles: policies.type_sles } : {}),
  };
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

/** The stored policies with the request's parts; its WIP limits checked against the board's columns. */
export function requestedPolicies(
  stored: FlowPolicies,
  requested: NonNullable<SaveProjectRequest['flow_policies']>,
  columns: readonly string[],
): FlowPolicies {
  if (requested.wip_limits !== undefined) {
    const checked = wipLimitsFor(columns).safeParse(requested.wip_limits);
    if (!checked.success) {
      const reason = checked.error.issues[0]?.message ?? 'invalid';
      throw badRequest(`flow_policies.wip_limits: ${reason}`, 'flow_policies');
    }
  }
  const blockedField = requested.blocked_field === undefined ? stored.blocked_field : requested.blocked_field;
  const typeSles = requested.type_sles ?? stored.type_sles;
  return {
    sle: requested.sle === undefined ? stored.sle : requested.sle,
    wip_limits: requested.wip_limits ?? stored.wip_limits,
    blocked_label: requested.blocked_label ?? stored.blocked_label,
    ...(blockedField ? { blocked_field: blockedField } : {}),
    ...(typeSles && Object.keys(typeSles).length > 0 ? { type_sles: typeSles } : {}),
  };
}

/** Whether two policies say the same (the order of the WIP limits does not matter). */
export function samePolicies(a: FlowPolicies, b: FlowPolicies): boolean {
  const text = (p: FlowPolicies) =>
    JSON.stringify([
      p.sle,
      Object.entries(p.wip_limits).sort(([x], [y]) => (x < y ? -1 : 1)),
      p.blocked_label,
      // By name and value: the ids are GitHub's, absent from a request that repeats the policies.
      p.blocked_field ? [p.blocked_field.name, p.blocked_field.value] : null,
      Object.entries(p.type_sles ?? {}).sort(([x], [y]) => (x < y ? -1 : 1)),
    ]);
  return text(a) === text(b);
}

/** Stores the policies (null when they are the defaults). */
export async function saveFlowPolicies(db: Db, boardId: string, policies: FlowPolicies): Promise<void> {
  await setFlowPolicies(
    db,
    boardId,
    samePolicies(policies, DEFAULT_FLOW_POLICIES) ? null : JSON.stringify(policies),
  );
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
