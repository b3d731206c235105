import { describe, expect, it } from 'vitest';
import { exportCalendar, exportFileName, toCsv } from './exportCsv.ts';
import {
  agingCsv,
  blockedByColumnCsv,
  cfdCsv,
  cycleTimeCsv,
  forecastCsv,
  issuesCsv,
  leadTimeCsv,
  timeInStateCsv,
} from './exportTables.ts';

const UTC = exportCalendar(undefined);
const PARIS = exportCalendar({ time_zone: 'Europe/Paris', weekends: [0, 6], holidays: [] });
const TOKYO = exportCalendar({ time_zone: 'Asia/Tokyo', weekends: [], holidays: [] });

describe('CSV of the data shown', () => {
  it('quotes what needs it, leaves empty cells for missing values, and never writes a formula', () => {
    const csv = toCsv({
      header: ['Title', 'Days (days)'],
      rows: [
        ['a, "b"', 1.5],
        ['=HYPERLINK("x")', null],
      ],
    });
    expect(csv).toBe('Title,Days (days)\n"a, ""b""",1.5\n"\'=HYPERLINK(""x"")",\n');
  });

  it('names units and the time zone in every header', () => {
    const lead = leadTimeCsv(
      [
        { date: '2026-11-01', lead: 2.5, cycle: null },
        { date: '2026-11-02', lead: null, cycle: 1 },
      ],
      true,
      UTC,
    );
    expect(lead.header).toEqual(['Date (UTC)', 'Average lead time (days)', 'Average cycle time (days)']);
    expect(lead.rows).toEqual([
      ['2026-11-01', 2.5, null],
      ['2026-11-02', null, 1],
    ]);
    expect(leadTimeCsv([{ date: '2026-11-01', lead: 2, cycle: null }], false, UTC).rows).toEqual([
      ['2026-11-01', 2],
    ]);
    const tis = timeInStateCsv([{ date: '2026-11-01', Todo: 1.25 }], ['Todo', 'Done'], UTC);
    expect(tis).toEqual({
      header: ['Date (UTC)', 'Todo (days)', 'Done (days)'],
      rows: [['2026-11-01', 1.25, null]],
    });
  });

  it('writes blocked days per column in board order, with the items blocked there now and what blocks', () => {
    const aging = (column: string, blocked: boolean) =>
      ({
        id: column,
        number: 1,
        title: 't',
        url: null,
        column,
        started_at: '',
        age_days: 1,
        risk: 'on_track',
        blocked,
      }) as const;
    const data = {
      columns: ['Todo', 'In Progress', 'Waiting for Review', 'Review', 'Done'],
      window: { days: 10, start: '2024-01-01', end: '2024-01-10' },
      blocked: {
        label: 'blocked',
        field: { name: 'Flag', value: 'Impeded' },
        by_column: { Review: 2, 'In Progress': 2, 'Waiting for Review': 0.5 },
        blocked_now: 2,
        flow_efficiency: 0.5,
      },
      aging: { items: [aging('Review', true), aging('Review', true), aging('In Progress', false)] },
    };
    const csv = blockedByColumnCsv(data, PARIS);
    expect(csv.header).toEqual([
      'Column',
      'Blocked in the last 10 days (working days)',
      'Blocked now (items)',
      'Blocked by',
    ]);
    const by = "label 'blocked' or Flag = 'Impeded'";
    expect(csv.rows).toEqual([
      ['In Progress', 2, 0, by],
      ['Waiting for Review', 0.5, 0, by],
      ['Review', 2, 2, by],
    ]);
    expect(toCsv(csv).split('\n')[3]).toBe(`Review,2,2,${by}`);
    const labelOnly = { ...data, blocked: { ...data.blocked, field: undefined, by_column: {} } };
    expect(blockedByColumnCsv(labelOnly, UTC)).toEqual({
      header: ['Column', 'Blocked in the last 10 days (days)', 'Blocked now (items)', 'Blocked by'],
      rows: [['Review', 0, 2, "label 'blocked'"]],
    });
  });

  it('writes the cumulative flow in board order, a missing count as 0', () => {
    const cfd = cfdCsv(
      { columns: ['Todo', 'Done'], cfd: [{ date: '2026-11-01', counts: { Done: 3 } }] },
      UTC,
    );
    expect(cfd.header).toEqual(['Date (UTC)', 'Todo (items, cumulative)', 'Done (items, cumulative)']);
    expect(cfd.rows).toEqual([['2026-11-01', 0, 3]]);
  });

  it('writes both forecast questions with their confidence', () => {
    const forecast = {
      sample_start: '2026-10-01',
      sample_end: '2026-10-30',
      sample_days: 30,
      mean_daily_throughput: 1,
      trials: 1000,
      seed: 1,
      how_many: { horizon_days: 14, results: [{ confidence: 0.85, items: 9 }] },
      when: { items: 10, results: [{ confidence: 0.85, days: 12, date: '2026-11-13' }] },
    };
    const csv = forecastCsv(forecast, UTC);
    expect(csv.rows).toEqual([
      ['How many items in 14 days', '85%', 9, null],
      ['When will 10 items be done', '85%', 12, '2026-11-13'],
    ]);
    expect(csv.header).toEqual(['Question', 'Confidence (%)', 'Answer (items or days)', 'Date (UTC)']);
    expect(forecastCsv(forecast, PARIS).header.slice(2)).toEqual([
      'Answer (items or working days)',
      'Date (Europe/Paris)',
    ]);
  });

  it("names the board's time zone above local days, and working days when its calendar has days off", () => {
    const lead = leadTimeCsv([{ date: '2026-11-01', lead: 2, cycle: 1 }], true, PARIS);
    expect(lead.header).toEqual([
      'Date (Europe/Paris)',
      'Average lead time (working days)',
      'Average cycle time (working days)',
    ]);
    expect(timeInStateCsv([], ['Todo'], TOKYO).header).toEqual(['Date (Asia/Tokyo)', 'Todo (days)']);
    expect(cfdCsv({ columns: ['Done'], cfd: [] }, TOKYO).header[0]).toBe('Date (Asia/Tokyo)');
  });

  it('adds blocked days and flow efficiency to the scatter, and blocked days and the SLE risk to aging, when the answer has them', () => {
    const point = {
      ...{ id: 'I4', number: 4, title: 'T', url: null, date: '2026-11-04' },
      ...{
        completed_at: '2026-11-03T23:30:00.000Z',
        cycle_time_days: 6,
        blocked_days: 1.5,
        flow_efficiency: 0.58,
      },
    };
    const cycle = cycleTimeCsv({ cycle_time: { points: [point] } }, PARIS);
    expect(cycle.header.slice(4)).toEqual(['Blocked (working days)', 'Flow efficiency (%)']);
    expect(cycle.rows[0]?.slice(3)).toEqual([6, 1.5, 58]);
    const item = {
      ...{ id: 'I5', url: null, number: 5, title: 'A', column: 'Doing', started_at: '2026-07-01T10:00:00Z' },
      ...{
        age_days: 3,
        risk: 'watch' as const,
        blocked_days: 2,
        blocked: true,
        sle_risk: 'at_risk' as const,
      },
    };
    const aging = agingCsv({ aging: { items: [item] } }, TOKYO);
    expect(aging.header.slice(6)).toEqual(['Blocked (days)', 'Blocked now', 'SLE']);
    expect(aging.rows[0]?.slice(6)).toEqual([2, 'yes', 'at_risk']);
  });

  it("writes every instant in the board's time zone with its offset, and says so", () => {
    const point = {
      ...{ id: 'I4', number: 4, title: 'T', url: null, date: '2026-11-04' },
      ...{ completed_at: '2026-11-03T23:30:00.000Z', cycle_time_days: 2 },
    };
    const cycle = cycleTimeCsv({ cycle_time: { points: [point] } }, TOKYO);
    expect(cycle.header).toEqual([
      'Number',
      'Title',
      'Completed at (Asia/Tokyo, ISO 8601 with offset)',
      'Cycle time (days)',
    ]);
    // 23:30 UTC is the next morning in Tokyo: the cell reads the board's wall clock, the same instant.
    expect(cycle.rows).toEqual([[4, 'T', '2026-11-04T08:30:00+09:00', 2]]);
    const item = {
      id: 'I5',
      url: null,
      number: 5,
      title: 'A',
      column: 'Doing',
      started_at: '2026-07-01T10:00:00Z',
      age_days: 3,
      risk: 'watch' as const,
    };
    const aging = agingCsv({ aging: { items: [item] } }, PARIS);
    expect(aging.header.slice(3, 5)).toEqual([
      'Started at (Europe/Paris, ISO 8601 with offset)',
      'Age (working days)',
    ]);
    expect(aging.rows[0]?.[3]).toBe('2026-07-01T12:00:00+02:00');
    const issue = {
      id: 'I',
      number: 6,
      title: 'B',
      url: null,
      days_in_current_column: 1.5,
      entered_column_at: '2026-12-01T10:00:00.000Z',
      milestone: null,
      labels: ['bug'],
    };
    const issues = issuesCsv([issue, { ...issue, entered_column_at: null }], PARIS);
    expect(issues.header.slice(2, 4)).toEqual([
      'Days in column (working days)',
      'Entered column at (Europe/Paris, ISO 8601 with offset)',
    ]);
    expect(issues.rows.map((row) => row[3])).toEqual(['2026-12-01T11:00:00+01:00', null]);
  });

  it('makes file names of letters, digits and dashes', () => {
    expect(exportFileName('Vault migration: Lead Time', 'csv')).toBe('vault-migration-lead-time.csv');
    expect(exportFileName(' ', 'png')).toBe('export.png');
  });
});
