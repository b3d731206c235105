import { DEFAULT_CALENDAR, DEFAULT_FLOW_POLICIES } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import type { TrackedRow } from '../projects/queries.ts';
import { type AnalysedBoard, analysisKey } from './board.ts';

const board: AnalysedBoard = {
  row: { id: 'b1' } as TrackedRow,
  id: 'b1',
  version: 7,
  columns: ['Backlog', 'In Progress', 'Done'],
  classification: null,
  cycleStart: 'In Progress',
  calendar: DEFAULT_CALENDAR,
  iterationDays: 14,
  includeArchived: true,
  policies: DEFAULT_FLOW_POLICIES,
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
      { policies: { ...DEFAULT_FLOW_POLICIES, sle: { percent: 85, days: 9 } } },
      { policies: { ...DEFAULT_FLOW_POLICIES, wip_limits: { 'In Progress': 3 } } },
      { columns: ['Backlog', 'Done'] },
      { classification: { productive: ['In Progress'], waiting: ['Backlog'], ignored: ['Done'] } as never },
      { calendar: { ...DEFAULT_CALENDAR, time_zone: 'Europe/Berlin' } },
    ];
    for (const change of changes) {
      expect(analysisKey('lead', { ...board, ...change }, 'view', query)).not.toBe(key);
    }
    expect(analysisKey('lead', board, 'other view', query)).not.toBe(key);
    expect(analysisKey('tis', board, 'view', query)).not.toBe(key);
  });
});
