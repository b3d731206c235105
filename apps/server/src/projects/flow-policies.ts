import {
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
    return read.success ? (read.data as FlowPolicies[K]) : DEFAULT_FLOW_POLICIES[key];
  };
  const blockedField = part('blocked_field');
  return {
    sle: part('sle'),
    wip_limits: part('wip_limits'),
    blocked_label: part('blocked_label'),
    ...(blockedField ? { blocked_field: blockedField } : {}),
  };
}

/** The engine's input for them. */
export function enginePolicies(policies: FlowPolicies): FlowPolicyInput {
  return {
    sle: policies.sle,
    wipLimits: policies.wip_limits,
    blockedLabel: policies.blocked_label,
    blockedField: policies.blocked_field ?? null,
  };
}

/** The name of the board field whose values the collector records (its blocked field), if the team named one. */
export function blockedFieldName(stored: string | null): string | null {
  return boardFlowPolicies(stored).blocked_field?.name ?? null;
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
  return {
    sle: requested.sle === undefined ? stored.sle : requested.sle,
    wip_limits: requested.wip_limits ?? stored.wip_limits,
    blocked_label: requested.blocked_label ?? stored.blocked_label,
    ...(blockedField ? { blocked_field: blockedField } : {}),
  };
}

/** Whether two policies say the same (the order of the WIP limits does not matter). */
export function samePolicies(a: FlowPolicies, b: FlowPolicies): boolean {
  const text = (p: FlowPolicies) =>
    JSON.stringify([
      p.sle,
      Object.entries(p.wip_limits).sort(([x], [y]) => (x < y ? -1 : 1)),
      p.blocked_label,
      p.blocked_field ?? null,
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
