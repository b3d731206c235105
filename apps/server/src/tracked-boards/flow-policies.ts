import {
  controlCharacterPath,
  DEFAULT_FLOW_POLICIES,
  type FlowPolicies,
  flowPoliciesSchema,
  type SaveProjectRequest,
  wipLimitsFor,
} from '@fluxion/contract';
import type { FlowPolicyInput } from '@fluxion/flow';
import { setFlowPolicies } from '../boards/repository.ts';
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
