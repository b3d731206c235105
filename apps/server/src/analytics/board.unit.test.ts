import { describe, expect, it } from 'vitest';
import type { TrackedRow } from '../tracked-boards/queries.ts';
import { type AnalysedBoard, analysedBoard, analysisKey } from './board.ts';

const CALENDAR = { timeZone: 'UTC', weekends: [], holidays: [] };
const POLICIES = { sle: null, wipLimits: {}, blockedLabel: 'blocked', blockedField: null };
const board: AnalysedBoard = {
  id: 'b1',
  projectId: 'P1',
  title: 'Board',
  isDemo: false,
  version: 7,
  columns: ['Backlog', 'In Progress', 'Done'],
  classification: null,
  cycleStart: 'In Progress',
  calendar: CALENDAR,
  iterationDays: 14,
  includeArchived: true,
  workLevel: null,
  policies: POLICIES,
  blockedFieldKey: null,
  breakdownField: null,
};
const query = { project: 'P1', days: 30, label: 'bug' };
const key = analysisKey('lead', board, 'view', query);

describe('analysisKey', () => {
  it('is the same for the same query, whatever the order of its fields and its absent ones', () => {
    expect(
      analysisKey('lead', board, 'view', { label: 'bug', milestone: undefined, days: 30, project: 'P1' }),
    ).toBe(key);
  });

  it('differs for any query field, a new one included', () => {
    for (const changed of [{ days: 31 }, { label: 'Bug' }, { iteration: 'Sprint 3' }, { unit: 'estimate' }]) {
      expect(analysisKey('lead', board, 'view', { ...query, ...changed })).not.toBe(key);
    }
  });

  it('differs for every setting of the board an analysis reads, its version and what the viewer sees', () => {
    const changes: Partial<AnalysedBoard>[] = [
      { version: 8 },
      { cycleStart: null },
      { iterationDays: 7 },
      { includeArchived: false },
      { policies: { ...POLICIES, sle: { percent: 85, days: 9 } } },
      { policies: { ...POLICIES, wipLimits: { 'In Progress': 3 } } },
      { policies: { ...POLICIES, blockedField: { name: 'State', value: 'Blocked' } } },
      { blockedFieldKey: 'PVTSSF_1' },
      { columns: ['Backlog', 'Done'] },
      { classification: { 'In Progress': 'productive', Backlog: 'waiting' } },
      { calendar: { ...CALENDAR, timeZone: 'Europe/Berlin' } },
      { calendar: { ...CALENDAR, weekends: [0, 6] } },
    ];
    for (const change of changes) {
      expect(analysisKey('lead', { ...board, ...change }, 'view', query)).not.toBe(key);
    }
    expect(analysisKey('lead', board, 'other view', query)).not.toBe(key);
    expect(analysisKey('tis', board, 'view', query)).not.toBe(key);
  });
});

/** A board row as the access statement reads it, its user's columns included. */
function accessRow(changes: Record<string, unknown> = {}): TrackedRow {
  return {
    id: 'b-parsed',
    github_project_id: 'P9',
    owner_login: 'acme',
    owner_type: 'Organization',
    number: 9,
    title: 'Board',
    column_list: JSON.stringify(['Backlog', 'In Progress', 'Done']),
    is_demo: 0,
    added_at: 0,
    sync_status: 'active',
    last_synced_at: null,
    next_sync_at: 0,
    sync_error_count: 0,
    last_error: null,
    lease_owner: null,
    lease_until: null,
    collector_user_id: null,
    data_version: 3,
    rewrite_version: 0,
    move_count: 0,
    last_full_sync_at: null,
    column_options: null,
    item_seq: 0,
    backfilled_at: null,
    backfill_skipped: null,
    include_archived: 1,
    work_level: null,
    calendar: null,
    github_updated_at: null,
    synced_data_version: null,
    webhook_change_at: null,
    version_gate_off: 0,
    settings_user_id: null,
    unreadable_items: null,
    unreadable_reason: null,
    workflow_field_id: null,
    workflow_field_name: null,
    history_items: null,
    history_partial_items: null,
    history_estimated_items: null,
    flow_policies: null,
    breakdown_field: null,
    iteration_field_name: null,
    iteration_list: null,
    iteration_length_days: 14,
    cycle_time_start_column: 'In Progress',
    column_classification: null,
    subscription_status: 'active',
    subscription_end: null,
    demo_hidden: 0,
    tracked_by: 'u1',
    ...changes,
  } as TrackedRow;
}

describe('analysedBoard', () => {
  const now = 1_800_000_000_000;

  it('parses a row once: the same fields give the same facts, whichever user asked', () => {
    const first = analysedBoard(accessRow(), now);
    expect(first.version).toBe(3);
    expect(analysedBoard(accessRow(), now + 1)).toBe(first);
    expect(analysedBoard(accessRow({ tracked_by: 'u2', subscription_status: null }), now)).toBe(first);
  });

  it('parses again when any field of the board or of its user settings changed, or the quarter hour did', () => {
    const first = analysedBoard(accessRow(), now);
    const changed = [
      { data_version: 4 },
      { cycle_time_start_column: 'Backlog' },
      {
        flow_policies: JSON.stringify({ sle: { percent: 85, days: 9 }, wip_limits: {}, blocked_label: null }),
      },
      { column_list: JSON.stringify(['Backlog', 'Done']) },
      { iteration_length_days: 7 },
    ];
    for (const change of changed) expect(analysedBoard(accessRow(change), now)).not.toBe(first);
    expect(analysedBoard(accessRow({ data_version: 4 }), now).version).toBe(4);
    expect(analysedBoard(accessRow(), now + 900_000)).not.toBe(first);
    // The first row is still known beside the others.
    expect(analysedBoard(accessRow(), now)).toBe(first);
  });

  it('parses again for each other setting an analysis reads', () => {
    const changed = [
      { column_classification: JSON.stringify({ productive: ['Backlog'], waiting: [] }) },
      { calendar: JSON.stringify({ time_zone: 'Europe/Berlin', weekends: [0, 6], holidays: [] }) },
      { include_archived: 0 },
      { work_level: 'leaves' },
      { breakdown_field: JSON.stringify({ id: 'F1', name: 'Team' }) },
    ];
    for (const change of changed) {
      const first = analysedBoard(accessRow(), now);
      expect(analysedBoard(accessRow(change), now)).not.toBe(first);
    }
  });

  it("does not parse again for a poll's bookkeeping, which no analysis reads", () => {
    const first = analysedBoard(accessRow(), now);
    const polled = {
      lease_until: now + 60_000,
      next_sync_at: now + 300_000,
      last_synced_at: now,
      sync_status: 'inaccessible',
    };
    expect(analysedBoard(accessRow(polled), now)).toBe(first);
  });
});
