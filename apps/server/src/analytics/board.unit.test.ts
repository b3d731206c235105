import { describe, expect, it } from 'vitest';
import { type AnalysedBoard, analysisKey } from './board.ts';

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
